import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ActivityLogResponseSchema,
  ActivityStatsSchema,
  AdminUsersResponseSchema,
  InactiveCleanupResponseSchema,
  UserNotificationsResponseSchema,
} from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import { ActivityRepository } from './activity.repository';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { FOUNDER_EMAILS: 'boss@example.com', ANALYSIS_WORKER: 'false' } });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const event = (userEmail: string, action: string, extra: Record<string, unknown> = {}) => ({
  userEmail,
  action,
  page: '/dashboard',
  timestamp: new Date().toISOString(),
  ...extra,
});

describe('POST /api/users/activity', () => {
  it('stores events of the signed-in user only, with the spec checks on e-mail and action', async () => {
    const b = await server.signIn('walker@example.com', 'Walker');
    const ok = await b.api('/api/users/activity', {
      method: 'POST',
      body: event('Walker@example.com', 'page_navigation'),
    });
    expect(ok.status).toBe(200);

    for (const bad of ['walker example.com', 'walker@@example.com', 'walker@example', '']) {
      const res = await b.api('/api/users/activity', { method: 'POST', body: event(bad, 'page_navigation') });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toContain('userEmail');
    }
    for (const action of ['', 'made_up_action']) {
      const res = await b.api('/api/users/activity', { method: 'POST', body: event('walker@example.com', action) });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('action must be one of user_login');
    }
    const other = await b.api('/api/users/activity', {
      method: 'POST',
      body: event('someone-else@example.com', 'user_login'),
    });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe('Activity can only be recorded for the signed-in user.');

    const anonymous = await server
      .browser()
      .api('/api/users/activity', { method: 'POST', body: event('walker@example.com', 'user_login') });
    expect(anonymous.status).toBe(401);

    const rows = await server.db.database.db.execute(
      sql`select details from activity_log where user_email = 'walker@example.com' and type = 'activity'`,
    );
    expect(
      (rows as unknown as { rows: { details: { action: string; page: string } }[] }).rows.map((r) => r.details),
    ).toEqual([{ action: 'page_navigation', page: '/dashboard' }]);
  });

  it("PUT /api/users/{email}/status: own e-mail only (another user's is 404), shown in the founder's list", async () => {
    const b = await server.signIn('presence@example.com', 'Presence');
    expect(
      (
        await b.api('/api/users/presence@example.com/status', {
          method: 'PUT',
          body: { isOnline: true, currentPage: '/map' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await b.api('/api/users/walker@example.com/status', { method: 'PUT', body: { isOnline: true } })).status,
    ).toBe(404);
    expect(
      (await b.api('/api/users/presence@example.com/status', { method: 'PUT', body: { isOnline: 'yes' } })).status,
    ).toBe(400);

    const boss = await server.signIn('boss@example.com', 'Boss');
    const list = AdminUsersResponseSchema.parse((await boss.api('/api/admin/users')).body);
    const row = list.users.find((u) => u.email === 'presence@example.com');
    expect(row).toMatchObject({ isOnline: true, currentPage: '/map', loginCount: 1, role: 'user' });
  });
});

describe('founder views', () => {
  it('users, stats and the activity log are for admins only; stats count what is there', async () => {
    const user = await server.signIn('curious@example.com', 'Curious');
    for (const path of ['/api/admin/users', '/api/admin/activity/stats', '/api/admin/activity'])
      expect((await user.api(path)).status, path).toBe(403);
    expect((await user.api('/api/admin/users/cleanup', { method: 'POST', body: {} })).status).toBe(403);

    const boss = await server.signIn('boss@example.com', 'Boss');
    const stats = ActivityStatsSchema.parse((await boss.api('/api/admin/activity/stats')).body.stats);
    const [truth] = (
      (await server.db.database.db.execute(
        sql`select count(*)::int as users, coalesce(sum(login_count),0)::int as logins,
                   count(*) filter (where email_verified)::int as verified from users`,
      )) as unknown as { rows: { users: number; logins: number; verified: number }[] }
    ).rows;
    expect(stats.totalUsers).toBe(truth!.users);
    expect(stats.totalLogins).toBe(truth!.logins);
    expect(stats.verifiedUsers).toBe(truth!.verified);
    // Everyone signed in during this test run, so today and now agree with the signed-in count.
    expect(stats.activeNow).toBeGreaterThanOrEqual(4);
    expect(stats.newToday).toBe(stats.activeToday);
    expect(Object.values(stats.providers).reduce((a, b) => a + b, 0)).toBe(truth!.users);

    const log = ActivityLogResponseSchema.parse((await boss.api('/api/admin/activity')).body);
    expect(log.entries.length).toBeLessThanOrEqual(100);
    expect(log.entries.some((e) => e.action === 'page_navigation' && e.userEmail === 'walker@example.com')).toBe(true);
  });

  it('cleans up inactive users only after a dry run whose count is confirmed; founders and system users stay', async () => {
    const boss = await server.signIn('boss@example.com', 'Boss');
    await server.signIn('sleeper@example.com', 'Sleeper');
    await server.db.database.db.execute(
      sql`update users set last_active = now() - interval '120 days', signup_date = now() - interval '120 days'
          where email in ('sleeper@example.com', 'boss@example.com')`,
    );
    const dry = InactiveCleanupResponseSchema.parse(
      (await boss.api('/api/admin/users/cleanup', { method: 'POST', body: { days: 90 } })).body,
    );
    expect(dry).toMatchObject({ dryRun: true, count: 1, deleted: 0, days: 90 });

    const unconfirmed = await boss.api('/api/admin/users/cleanup', {
      method: 'POST',
      body: { days: 90, dryRun: false },
    });
    expect(unconfirmed.status).toBe(409);
    const wrong = await boss.api('/api/admin/users/cleanup', {
      method: 'POST',
      body: { days: 90, dryRun: false, confirmCount: 2 },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.message).toContain('Run the dry run again');

    const done = InactiveCleanupResponseSchema.parse(
      (
        await boss.api('/api/admin/users/cleanup', {
          method: 'POST',
          body: { days: 90, dryRun: false, confirmCount: 1 },
        })
      ).body,
    );
    expect(done).toMatchObject({ dryRun: false, count: 1, deleted: 1 });
    const left = (
      (await server.db.database.db.execute(
        sql`select email from users where email in ('sleeper@example.com', 'boss@example.com')`,
      )) as unknown as { rows: { email: string }[] }
    ).rows.map((r) => r.email);
    expect(left).toEqual(['boss@example.com']);
    expect((await boss.api('/api/admin/users/cleanup', { method: 'POST', body: { days: 0 } })).status).toBe(400);
  });
});

describe('per-user notifications', () => {
  it('a first sign-in tells founders who joined and everyone else a first name; read marks stick; 50 at most', async () => {
    const boss = await server.signIn('boss@example.com', 'Boss');
    const bystander = await server.signIn('bystander@example.com', 'Bystander');
    await server.signIn('newbie@example.com', 'Nina Newbie');

    const mine = UserNotificationsResponseSchema.parse((await boss.api('/api/users/me/notifications')).body);
    const joined = mine.notifications.find((n) => n.type === 'new_user' && n.data.email === 'newbie@example.com');
    expect(joined).toMatchObject({ read: false, data: { name: 'Nina Newbie' } });
    // Founders get the detailed notice only, not the all-user one as well.
    expect(mine.notifications.some((n) => n.type === 'new_member')).toBe(false);

    const theirs = UserNotificationsResponseSchema.parse((await bystander.api('/api/users/me/notifications')).body);
    const member = theirs.notifications.find((n) => n.type === 'new_member' && n.data.firstName === 'Nina');
    expect(member).toBeDefined();
    expect(JSON.stringify(theirs)).not.toContain('newbie@example.com');
    expect(theirs.notifications.some((n) => n.type === 'new_user')).toBe(false);

    // A second sign-in is not a new user.
    await server.signIn('newbie@example.com', 'Nina Newbie');
    const again = UserNotificationsResponseSchema.parse((await boss.api('/api/users/me/notifications')).body);
    expect(again.notifications.filter((n) => n.data.email === 'newbie@example.com')).toHaveLength(1);

    const marked = await boss.api('/api/users/me/notifications/read', { method: 'POST', body: { ids: [joined!.id] } });
    expect(marked.body).toEqual({ success: true, marked: 1 });
    // Another user's id marks nothing.
    expect(
      (await bystander.api('/api/users/me/notifications/read', { method: 'POST', body: { ids: [joined!.id] } })).body
        .marked,
    ).toBe(0);
    expect((await boss.api('/api/users/me/notifications/read', { method: 'POST', body: {} })).status).toBe(400);
    const after = UserNotificationsResponseSchema.parse((await boss.api('/api/users/me/notifications')).body);
    expect(after.notifications.find((n) => n.id === joined!.id)!.read).toBe(true);

    // The cap, through the repository (55 real sign-ins would meet the sign-in rate limit first).
    const repo = new ActivityRepository(server.db.database.db);
    const [{ id }] = (
      (await server.db.database.db.execute(
        sql`select id from users where email = 'bystander@example.com'`,
      )) as unknown as {
        rows: [{ id: string }];
      }
    ).rows;
    for (let i = 0; i < 55; i++)
      await repo.notify({ userIds: [id] }, 'new_member', { firstName: `Crowd${i}` }, new Date(Date.now() + i), 50);
    const capped = UserNotificationsResponseSchema.parse((await bystander.api('/api/users/me/notifications')).body);
    expect(capped.notifications).toHaveLength(50);
    const [count] = (
      (await server.db.database.db.execute(
        sql`select count(*)::int as n from user_notifications where user_id = ${id}::uuid`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(count!.n).toBe(50);
    expect(capped.notifications[0]!.data.firstName).toBe('Crowd54');
    expect(capped.notifications.at(-1)!.data.firstName).toBe('Crowd5');
  }, 120_000);
});

describe('scheduled cleanup (INACTIVE_USER_CLEANUP_DAYS)', () => {
  it('a server started with the setting removes users inactive that long, and only those', async () => {
    await server.signIn('recent@example.com', 'Recent');
    await server.signIn('stale@example.com', 'Stale');
    await server.db.database.db.execute(
      sql`update users set last_active = now() - interval '45 days', signup_date = now() - interval '45 days'
          where email = 'stale@example.com'`,
    );
    const emails = async () =>
      (
        (await server.db.database.db.execute(
          sql`select email from users where email in ('recent@example.com', 'stale@example.com') order by email`,
        )) as unknown as { rows: { email: string }[] }
      ).rows.map((r) => r.email);
    expect(await emails()).toEqual(['recent@example.com', 'stale@example.com']);
    // A second process with the schedule: its first run is at start-up, the next a day later.
    const scheduled = await startTestServer({
      shareDatabaseWith: server.db,
      env: { INACTIVE_USER_CLEANUP_DAYS: '30', ANALYSIS_WORKER: 'false' },
    });
    try {
      await expect.poll(emails, { timeout: 10_000 }).toEqual(['recent@example.com']);
    } finally {
      await scheduled.close();
    }
  });
});
