import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Per-user notifications (R-ACTIVITY-5: type, data, timestamp, read), e.g. "a new user signed up" for founders and
 * the welcome every new user gets (R-USER-3). At most 50 are kept per user; older ones are pruned on insert.
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    read: boolean('read').notNull().default(false),
  },
  (t) => [index('user_notifications_user_ts_idx').on(t.userId, t.timestamp)],
);
