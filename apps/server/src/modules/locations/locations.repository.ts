import { and, desc, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@vt/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { locations } from '../../db/schema.locations';

export type LocationRow = typeof locations.$inferSelect;
export type NewLocation = Omit<typeof locations.$inferInsert, 'id' | 'createdAt'>;

/**
 * Takes the user's row lock for the rest of the transaction. Every write to a user's location history or
 * location index takes it first, so "insert, then trim to the newest N" cannot interleave between two
 * requests (or a request and a finishing analysis) and leave N + 1 rows.
 */
export async function lockUser(tx: Db, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length === 1;
}

export class LocationsRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: LocationsRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(new LocationsRepository(tx as unknown as Db), tx as unknown as Db));
  }

  /**
   * Inserts a record and trims the user's history to the spec's 50 newest. Callers hold the user's lock.
   * With an analysis id that is already recorded, nothing is inserted and undefined is returned: the id is
   * the idempotency key of a re-run save step.
   */
  async insertAndTrim(values: NewLocation): Promise<LocationRow | undefined> {
    const [row] = await this.db
      .insert(locations)
      .values(values)
      .onConflictDoNothing({ target: locations.analysisId })
      .returning();
    if (!row) return undefined;
    await this.db.execute(sql`
      delete from locations where id in (
        select id from locations where user_id = ${values.userId}
        order by created_at desc, id desc
        offset ${LIMITS.locationHistoryMax}
      )`);
    return row;
  }

  /** The user's records, newest first. */
  list(userId: string, limit: number, offset: number): Promise<LocationRow[]> {
    return this.db
      .select()
      .from(locations)
      .where(eq(locations.userId, userId))
      .orderBy(desc(locations.createdAt), desc(locations.id))
      .limit(limit)
      .offset(offset);
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(locations)
      .where(eq(locations.userId, userId));
    return Number(row?.n ?? 0);
  }

  /** Rewrites the record an analysis produced (a correction); undefined when it was trimmed from the history. */
  async updateByAnalysis(
    userId: string,
    analysisId: string,
    patch: Partial<Omit<NewLocation, 'userId' | 'analysisId'>>,
  ): Promise<LocationRow | undefined> {
    const [row] = await this.db
      .update(locations)
      .set(patch)
      .where(and(eq(locations.userId, userId), eq(locations.analysisId, analysisId)))
      .returning();
    return row;
  }

  async findByAnalysis(userId: string, analysisId: string): Promise<LocationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(locations)
      .where(and(eq(locations.userId, userId), eq(locations.analysisId, analysisId)));
    return row;
  }
}
