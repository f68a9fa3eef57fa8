import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Founder announcements (R-BANNER-1); the newest unexpired one is the banner. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull().default('ANNOUNCEMENT'),
    priority: text('priority').notNull().default('normal'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionLink: text('action_link'),
    actionText: text('action_text').notNull().default('Learn More'),
    expiresAt: ts('expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_created_at_idx').on(t.createdAt)],
);
