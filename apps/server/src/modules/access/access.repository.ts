import { and, count, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  accessCodeAttempts,
  accessCodeRedemptions,
  accessCodes,
  consoleAccessGrants,
  weeklyImageUsage,
} from '../../db/schema.access';
import { users } from '../../db/schema';

export type AccessCodeRow = typeof accessCodes.$inferSelect;
export type RedemptionRow = typeof accessCodeRedemptions.$inferSelect;
export type ConsoleGrantRow = typeof consoleAccessGrants.$inferSelect;
/** A code as it is stored: hashed, with its hint and what it grants (a limits tier or a console level). */
type NewAccessCode = {
  kind: 'limits' | 'console';
  codeHash: string;
  hint: string;
  tier: string | null;
  level: number | null;
  label: string | null;
};

export class AccessRepository {
  constructor(private readonly db: Db) {}

  /** Config codes are upserted by hash: a changed tier or level applies, a founder's disable stays. */
  async seedCode(code: NewAccessCode) {
    await this.db
      .insert(accessCodes)
      .values({ ...code, source: 'config' })
      .onConflictDoUpdate({
        target: accessCodes.codeHash,
        set: { kind: code.kind, tier: code.tier, level: code.level, label: code.label, source: 'config' },
      });
  }

  async insertCode(code: NewAccessCode & { createdBy: string }): Promise<AccessCodeRow | undefined> {
    const [row] = await this.db
      .insert(accessCodes)
      .values({ ...code, source: 'admin' })
      .onConflictDoNothing({ target: accessCodes.codeHash })
      .returning();
    return row;
  }

  async findActiveCode(codeHash: string, kind: 'limits' | 'console'): Promise<AccessCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accessCodes)
      .where(and(eq(accessCodes.codeHash, codeHash), eq(accessCodes.kind, kind), eq(accessCodes.active, true)));
    return row;
  }

  async listCodes(): Promise<(AccessCodeRow & { redemptions: number })[]> {
    const rows = await this.db.select().from(accessCodes).orderBy(accessCodes.createdAt);
    const counts = await this.db
      .select({ codeId: accessCodeRedemptions.codeId, n: count() })
      .from(accessCodeRedemptions)
      .groupBy(accessCodeRedemptions.codeId);
    const byId = new Map(counts.map((c) => [c.codeId, Number(c.n)]));
    return rows.map((r) => ({ ...r, redemptions: byId.get(r.id) ?? 0 }));
  }

  async setActive(id: string, active: boolean): Promise<(AccessCodeRow & { redemptions: number }) | undefined> {
    const [row] = await this.db.update(accessCodes).set({ active }).where(eq(accessCodes.id, id)).returning();
    if (!row) return undefined;
    const [c] = await this.db
      .select({ n: count() })
      .from(accessCodeRedemptions)
      .where(eq(accessCodeRedemptions.codeId, id));
    return { ...row, redemptions: Number(c?.n ?? 0) };
  }

  /** Records a redemption; undefined when this user already redeemed this code (the unique index decides). */
  async insertRedemption(r: {
    userId: string;
    codeId: string;
    tier: string;
    redeemedAt: Date;
    expiresAt: Date;
  }): Promise<RedemptionRow | undefined> {
    const [row] = await this.db.insert(accessCodeRedemptions).values(r).onConflictDoNothing().returning();
    return row;
  }

  async redemptionsOf(userId: string): Promise<RedemptionRow[]> {
    return this.db
      .select()
      .from(accessCodeRedemptions)
      .where(eq(accessCodeRedemptions.userId, userId))
      .orderBy(accessCodeRedemptions.redeemedAt);
  }

  /** The two facts about a user that limits depend on: the week's time zone and the founder role. */
  async profileOf(userId: string): Promise<{ timeZone: string; role: string } | undefined> {
    const [row] = await this.db
      .select({ timeZone: users.timeZone, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  async usage(userId: string, weekStart: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: weeklyImageUsage.count })
      .from(weeklyImageUsage)
      .where(and(eq(weeklyImageUsage.userId, userId), eq(weeklyImageUsage.weekStart, weekStart)));
    return row?.count ?? 0;
  }

  /**
   * Check-and-count in one statement: the row for (user, week) is created or incremented only while the
   * total stays within `limit` (null = unlimited). PostgreSQL takes the row lock on conflict, so parallel
   * uploads — from any number of server processes — are serialised on that row and never overspend.
   * Returns the new total, or null when the upload would exceed the limit.
   */
  async reserve(userId: string, weekStart: Date, n: number, limit: number | null): Promise<number | null> {
    const start = weekStart.toISOString();
    const guard = limit === null ? sql`` : sql` where weekly_image_usage.count + excluded.count <= ${limit}`;
    const rows = await queryRows<{ count: number }>(
      this.db,
      sql`insert into weekly_image_usage (user_id, week_start, count, updated_at)
          values (${userId}, ${start}::timestamptz, ${n}, now())
          on conflict (user_id, week_start) do update
            set count = weekly_image_usage.count + excluded.count, updated_at = now()${guard}
          returning count`,
    );
    return rows[0] ? Number(rows[0].count) : null;
  }

  async unreserve(userId: string, weekStart: Date, n: number): Promise<void> {
    await this.db
      .update(weeklyImageUsage)
      .set({ count: sql`greatest(0, ${weeklyImageUsage.count} - ${n})`, updatedAt: new Date() })
      .where(and(eq(weeklyImageUsage.userId, userId), eq(weeklyImageUsage.weekStart, weekStart)));
  }

  /** Counts one attempt for `key` in the window starting `windowStart` and returns the window's total. */
  async countAttempt(key: string, windowStart: Date): Promise<number> {
    const rows = await queryRows<{ count: number }>(
      this.db,
      sql`insert into access_code_attempts (key, window_start, count) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
          on conflict (key, window_start) do update set count = access_code_attempts.count + 1
          returning count`,
    );
    return Number(rows[0]?.count ?? 0);
  }

  async pruneAttempts(before: Date): Promise<void> {
    await this.db
      .delete(accessCodeAttempts)
      .where(sql`${accessCodeAttempts.windowStart} < ${before.toISOString()}::timestamptz`);
  }

  async upsertConsoleGrant(g: {
    userId: string;
    codeId: string;
    level: number;
    grantedAt: Date;
    expiresAt: Date;
  }): Promise<ConsoleGrantRow> {
    const [row] = await this.db
      .insert(consoleAccessGrants)
      .values(g)
      .onConflictDoUpdate({
        target: consoleAccessGrants.userId,
        set: { codeId: g.codeId, level: g.level, grantedAt: g.grantedAt, expiresAt: g.expiresAt },
      })
      .returning();
    return row!;
  }

  async consoleGrantOf(userId: string): Promise<ConsoleGrantRow | undefined> {
    const [row] = await this.db.select().from(consoleAccessGrants).where(eq(consoleAccessGrants.userId, userId));
    return row;
  }

  async deleteConsoleGrant(userId: string): Promise<void> {
    await this.db.delete(consoleAccessGrants).where(eq(consoleAccessGrants.userId, userId));
  }
}
