import { eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginTransactions, sessions, users } from '../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type LoginTransactionRow = typeof loginTransactions.$inferSelect;
export type SessionWithUser = { session: SessionRow; user: typeof users.$inferSelect };

/** SQL for server-side sessions and in-flight sign-ins. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(row);
  }

  async findSessionWithUser(id: string): Promise<SessionWithUser | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id));
    return row;
  }

  async findSession(id: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, id));
    return row;
  }

  async touchSession(id: string, at: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  }

  async deleteSession(id: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.delete(sessions).where(eq(sessions.id, id)).returning();
    return row;
  }

  /** Removes sessions past their absolute expiry or idle since before `idleBefore`. */
  async deleteExpiredSessions(now: Date, idleBefore: Date): Promise<void> {
    await this.db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)));
  }

  async insertTransaction(row: typeof loginTransactions.$inferInsert): Promise<void> {
    await this.db.insert(loginTransactions).values(row);
  }

  /** Takes a transaction out (one use only). */
  async takeTransaction(state: string): Promise<LoginTransactionRow | undefined> {
    const [row] = await this.db.delete(loginTransactions).where(eq(loginTransactions.state, state)).returning();
    return row;
  }

  async deleteTransactionsBefore(cutoff: Date): Promise<void> {
    await this.db.delete(loginTransactions).where(lt(loginTransactions.createdAt, cutoff));
  }
}
