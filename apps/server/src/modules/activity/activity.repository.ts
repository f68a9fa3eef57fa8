import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { activityLog, users } from '../../db/schema';
import { analyses } from '../../db/schema.analyses';
import { userNotifications } from '../../db/schema.activity';

export type UserListRow = typeof users.$inferSelect;
export type UserNotificationRow = typeof userNotifications.$inferSelect;

/** SQL for activity events, presence, the founder's users list and statistics, cleanup and per-user notifications. */
export class ActivityRepository {
  constructor(private readonly db: Db) {}

  async insertEvent(e: {
    userId: string;
    userEmail: string;
    userName: string;
    action: string;
    page: string | null;
    details: Record<string, unknown>;
    timestamp: Date;
  }): Promise<void> {
    await this.db.insert(activityLog).values({
      type: 'activity',
      userId: e.userId,
      userEmail: e.userEmail,
      userName: e.userName,
      timestamp: e.timestamp,
      details: { action: e.action, page: e.page, ...(Object.keys(e.details).length ? { details: e.details } : {}) },
    });
  }

  /**
   * Marks the user as seen now and keeps where they are in metadata.presence (no column of its own: it is a
   * hint for the founder's list, not something any rule depends on). Offline keeps lastActive as it was.
   */
  async touch(userId: string, now: Date, presence: { isOnline: boolean; currentPage: string | null } | null) {
    const set: Record<string, unknown> = {};
    if (!presence || presence.isOnline) set.lastActive = now;
    if (presence) {
      set.metadata = sql`${users.metadata} || ${JSON.stringify({
        presence: { ...presence, at: now.toISOString() },
      })}::jsonb`;
    }
    await this.db.update(users).set(set).where(eq(users.id, userId));
  }

  async listUsers(limit: number): Promise<{ rows: UserListRow[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db.select().from(users).orderBy(desc(users.lastActive)).limit(limit),
      this.db.select({ n: sql<number>`count(*)::int` }).from(users),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  async stats(dayStart: Date, activeSince: Date) {
    const [row] = await queryRows<{
      total_users: number;
      new_today: number;
      active_today: number;
      active_now: number;
      total_logins: number;
      verified_users: number;
      total_analyses: number;
    }>(
      this.db,
      sql`select count(*)::int as total_users,
                 count(*) filter (where ${users.signupDate} >= ${dayStart.toISOString()}::timestamptz and ${users.loginCount} > 0)::int as new_today,
                 count(*) filter (where ${users.lastActive} >= ${dayStart.toISOString()}::timestamptz and ${users.loginCount} > 0)::int as active_today,
                 count(*) filter (where ${users.lastActive} > ${activeSince.toISOString()}::timestamptz and ${users.loginCount} > 0)::int as active_now,
                 coalesce(sum(${users.loginCount}), 0)::int as total_logins,
                 count(*) filter (where ${users.emailVerified})::int as verified_users,
                 (select count(*)::int from ${analyses}) as total_analyses
          from ${users}`,
    );
    const providers = await this.db
      .select({ provider: users.provider, n: sql<number>`count(*)::int` })
      .from(users)
      .groupBy(users.provider);
    return { ...row!, providers: Object.fromEntries(providers.map((p) => [p.provider, Number(p.n)])) };
  }

  async recentActivity(limit: number) {
    return this.db.select().from(activityLog).orderBy(desc(activityLog.timestamp)).limit(limit);
  }

  /**
   * Users whose last activity and sign-up are both before the cutoff. Founders and the seeded system accounts are
   * never cleaned up: the operator would lock themselves out.
   */
  async inactiveUserIds(cutoff: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isSystem, false),
          ne(users.role, 'founder'),
          sql`greatest(${users.lastActive}, ${users.signupDate}) < ${cutoff.toISOString()}::timestamptz`,
        ),
      );
    return rows.map((r) => r.id);
  }

  async founderIds(): Promise<string[]> {
    return (await this.db.select({ id: users.id }).from(users).where(eq(users.role, 'founder'))).map((r) => r.id);
  }

  // ── Per-user notifications ─────────────────────────────────────────────────────────────────────

  /**
   * Inserts one notification for each listed user (or every user but `allExcept` and the founders, who hear about
   * sign-ups in their own words), then keeps the newest `cap` per user.
   */
  async notify(
    target: { userIds: string[] } | { allExcept: string },
    type: string,
    data: Record<string, unknown>,
    now: Date,
    cap: number,
  ): Promise<void> {
    const json = JSON.stringify(data);
    if ('userIds' in target) {
      if (!target.userIds.length) return;
      await this.db
        .insert(userNotifications)
        .values(target.userIds.map((userId) => ({ userId, type, data, timestamp: now })));
    } else {
      // One statement for everyone: no round trip per user.
      await this.db.execute(
        sql`insert into user_notifications (user_id, type, data, timestamp)
            select id, ${type}, ${json}::jsonb, ${now.toISOString()}::timestamptz from users
            where id <> ${target.allExcept} and role <> 'founder'`,
      );
    }
    const scope =
      'userIds' in target
        ? sql`where user_id in (${sql.join(
            target.userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``;
    await this.db.execute(
      sql`delete from user_notifications where id in (
            select id from (
              select id, row_number() over (partition by user_id order by timestamp desc, id desc) as n
              from user_notifications ${scope}
            ) ranked where n > ${cap})`,
    );
  }

  async notificationsOf(userId: string, limit: number): Promise<UserNotificationRow[]> {
    return this.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, userId))
      .orderBy(desc(userNotifications.timestamp), desc(userNotifications.id))
      .limit(limit);
  }

  async markRead(userId: string, ids: string[] | 'all'): Promise<number> {
    const rows = await this.db
      .update(userNotifications)
      .set({ read: true })
      .where(
        and(
          eq(userNotifications.userId, userId),
          eq(userNotifications.read, false),
          ...(ids === 'all' ? [] : [inArray(userNotifications.id, ids)]),
        ),
      )
      .returning({ id: userNotifications.id });
    return rows.length;
  }
}
