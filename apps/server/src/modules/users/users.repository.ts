import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activityLog, users, type SessionEntry } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ActivityRow = typeof activityLog.$inferSelect;
export type NewActivity = Omit<typeof activityLog.$inferInsert, 'id'>;

/** Fields a sign-in refreshes from the provider's claims. */
export type SignInUpdate = {
  email: string;
  name: string;
  picture: string | null;
  emailVerified: boolean;
  provider: string;
  role: 'founder' | 'user';
  metadata: Record<string, unknown>;
  isNew: boolean;
  loginCount: number;
  lastLogin: Date;
  lastActive: Date;
  sessions: SessionEntry[];
  /** Set only on the first sign-in of a seeded account, which becomes its sign-up. */
  signupDate?: Date;
  firstSeen?: Date;
};

/** SQL for users and their activity log; no business rules here. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async findByIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.issuer, issuer), eq(users.subject, subject)));
    return row;
  }

  /** Locks the row for the rest of the transaction so parallel sign-ins of one person count correctly. */
  async findByIdentityForUpdate(issuer: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.issuer, issuer), eq(users.subject, subject)))
      .for('update');
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Inserts unless the identity exists; returns the row either way. */
  async insertIfAbsent(row: NewUserRow): Promise<UserRow> {
    const [inserted] = await this.db.insert(users).values(row).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const existing = await this.findByIdentity(row.issuer, row.subject);
    if (!existing) throw new Error('user vanished during insert');
    return existing;
  }

  async insert(row: NewUserRow): Promise<UserRow> {
    const [inserted] = await this.db.insert(users).values(row).returning();
    return inserted!;
  }

  async updateSignIn(id: string, update: SignInUpdate): Promise<UserRow> {
    const [row] = await this.db.update(users).set(update).where(eq(users.id, id)).returning();
    return row!;
  }

  async setRole(id: string, role: 'founder' | 'user', metadata: Record<string, unknown>): Promise<void> {
    await this.db.update(users).set({ role, metadata }).where(eq(users.id, id));
  }

  async updateProfile(
    id: string,
    patch: Partial<Pick<UserRow, 'name' | 'company' | 'customRole' | 'timeZone'>>,
  ): Promise<UserRow | undefined> {
    if (Object.keys(patch).length === 0) return this.findById(id);
    const [row] = await this.db.update(users).set(patch).where(eq(users.id, id)).returning();
    return row;
  }

  async addActivity(entries: NewActivity[]): Promise<void> {
    if (entries.length) await this.db.insert(activityLog).values(entries);
  }

  async listActivity(userId: string): Promise<ActivityRow[]> {
    return this.db.select().from(activityLog).where(eq(activityLog.userId, userId)).orderBy(activityLog.timestamp);
  }

  /** Runs `fn` in one transaction with a repository bound to it. */
  async transaction<T>(fn: (repo: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(new UsersRepository(tx as unknown as Db)));
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }
}
