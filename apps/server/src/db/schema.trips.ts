import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TripRefusal } from '@vt/shared';
import { users } from './schema';

// Trips: sets of photos uploaded together (R-TRIP-1). An analysis belongs to at most one trip of its owner
// (analyses.trip_id, in schema.analyses.ts).

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A named set of one owner's photos, uploaded together (a trip, a folder). */
export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * Files of the trip that were not analysed, with the server's reason (the weekly limit, not a photo, too large),
     * so the trip's view still says so after a reload or on another device (R-TRIP-3). Bounded by the service.
     */
    refused: jsonb('refused').$type<TripRefusal[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('trips_user_idx').on(t.userId, t.createdAt)],
);
