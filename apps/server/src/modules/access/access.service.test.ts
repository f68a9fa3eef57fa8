import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_LIMITS, type User } from '@vt/shared';
import { openTestDatabase, type TestDatabase } from '../../test/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { queryRows } from '../../db/client';
import { AccessRepository } from './access.repository';
import { AccessService, describeReset } from './access.service';

let db: TestDatabase;
let clock = new Date('2026-06-15T12:00:10Z');

const fakeUser = (id: string) => ({ id, email: `${id}@example.com`, role: 'user' }) as User;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function service(attemptsPerMinute = 10) {
  return new AccessService({
    repo: new AccessRepository(db.database.db),
    codes: { accessCodes: [], consoleCodes: [], underConstruction: new Set(), tierOverrides: {} },
    defaults: DEFAULT_IMAGE_LIMITS,
    attemptsPerMinute,
    founderEmails: ['boss@example.com'],
    now: () => clock,
  });
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => db?.close());

describe('redemption attempts are limited per user and per address', () => {
  it('refuses the 11th attempt in a minute from one user, whatever the address', async () => {
    const s = service();
    const user = fakeUser(uuid(1));
    for (let i = 0; i < 10; i++) {
      const e = await failure(s.redeem(user, `WRONG-${i}`, `10.0.0.${i}`));
      expect([e.status, e.message]).toEqual([400, 'Invalid access code']);
    }
    const e = await failure(s.redeem(user, 'WRONG-X', '10.0.1.1'));
    expect(e.status).toBe(429);
    expect(e.code).toBe('too_many_attempts');
    expect(e.message).toBe(
      'Too many access code attempts. You can try 10 codes a minute; please wait 50 seconds and try again.',
    );
    // Console codes share the same budget.
    expect((await failure(s.redeemConsole(user, 'WRONG-Y', '10.0.1.2'))).status).toBe(429);
  });

  it('refuses the 11th attempt in a minute from one address, whatever the user', async () => {
    const s = service();
    for (let i = 0; i < 10; i++)
      expect((await failure(s.redeem(fakeUser(uuid(100 + i)), 'WRONG', '192.0.2.7'))).status).toBe(400);
    expect((await failure(s.redeem(fakeUser(uuid(200)), 'WRONG', '192.0.2.7'))).status).toBe(429);
    expect((await failure(s.redeem(fakeUser(uuid(201)), 'WRONG', '192.0.2.8'))).status).toBe(400);
  });

  it('allows attempts again in the next minute', async () => {
    const s = service();
    clock = new Date('2026-06-15T12:01:00Z');
    expect((await failure(s.redeem(fakeUser(uuid(1)), 'WRONG', '10.0.1.1'))).status).toBe(400);
    expect((await failure(s.redeem(fakeUser(uuid(200)), 'WRONG', '192.0.2.7'))).status).toBe(400);
  });
});

async function realUser(email: string, timeZone: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    db.database.db,
    sql`insert into users (issuer, subject, email, name, time_zone) values ('test', ${email}, ${email}, 'T', ${timeZone}) returning id`,
  );
  return rows[0]!.id;
}

describe('weekly quota', () => {
  it('counts per local week: full on Sunday night, open again at Monday 00:00 on the user’s clock', async () => {
    const s = service();
    const id = await realUser('week@example.com', 'Asia/Kolkata');
    clock = new Date('2026-11-22T18:29:00Z'); // Sunday 23:59 in Kolkata
    for (let i = 0; i < 5; i++) await s.reserve(id, 1);
    const refused = await failure(s.reserve(id, 1));
    expect([refused.status, refused.code]).toEqual([429, 'weekly_limit_reached']);
    expect(refused.message).toMatch(/resets on Monday, November 23 at 12:00\sAM \(Asia\/Kolkata\)/);
    clock = new Date('2026-11-22T18:30:00Z'); // Monday 00:00 in Kolkata
    await s.reserve(id, 1);
    expect(await s.limitsFor(id)).toMatchObject({
      currentUsage: 1,
      remainingThisWeek: 4,
      weekStartDate: '2026-11-22T18:30:00.000Z',
    });
  });

  it('gives back a reservation whose upload failed, never below zero', async () => {
    const s = service();
    const id = await realUser('release@example.com', 'Europe/London');
    clock = new Date('2026-06-17T12:00:00Z');
    await s.reserve(id, 1);
    await s.reserve(id, 1);
    await s.release(id, 1);
    expect((await s.limitsFor(id)).currentUsage).toBe(1);
    await s.release(id, 5);
    expect((await s.limitsFor(id)).currentUsage).toBe(0);
  });

  it('does not ration founders: they hold the founder tier without a code, and it is not listed as redeemed', async () => {
    const s = service();
    const id = await realUser('vera@example.com', 'America/New_York');
    await db.database.db.execute(sql`update users set role = 'founder' where id = ${id}`);
    clock = new Date('2026-06-17T12:00:00Z');
    await s.reserve(id, 3);
    for (let i = 0; i < 10; i++) await s.reserve(id, 1);
    const limits = await s.limitsFor(id);
    expect(limits).toMatchObject({
      weeklyImageLimit: null,
      imagesPerInstance: null,
      mapAccess: true,
      remainingThisWeek: null,
    });
    expect(limits.accessCodes).toEqual([]);
  });

  it('refuses a batch over imagesPerInstance without counting it', async () => {
    const s = service();
    const id = await realUser('batch@example.com', 'America/New_York');
    const e = await failure(s.reserve(id, 2));
    expect([e.status, e.code]).toEqual([413, 'too_many_images_per_upload']);
    expect((await s.limitsFor(id)).currentUsage).toBe(0);
  });
});

describe('reset wording', () => {
  it('names the weekday, date and time on the user’s clock', () => {
    expect(describeReset(new Date('2026-11-23T05:00:00Z'), 'America/New_York')).toMatch(
      /^Monday, November 23 at 12:00\sAM \(America\/New_York\)$/,
    );
    expect(describeReset(new Date('2026-11-22T18:30:00Z'), 'Asia/Kolkata')).toMatch(
      /^Monday, November 23 at 12:00\sAM \(Asia\/Kolkata\)$/,
    );
  });
});
