import { desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema.notifications';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async insert(values: NewNotification): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values(values).returning();
    return row!;
  }

  /** The newest announcement that has not expired at `now`. */
  async current(now: Date): Promise<NotificationRow | null> {
    const [row] = await this.db
      .select()
      .from(notifications)
      .where(or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(1);
    return row ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(notifications).where(eq(notifications.id, id));
  }

  async removeAll(): Promise<number> {
    const rows = await this.db.delete(notifications).returning({ id: notifications.id });
    return rows.length;
  }
}
