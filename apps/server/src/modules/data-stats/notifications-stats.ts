import { sql } from 'drizzle-orm';
import type { NotificationStats } from '@vt/shared';
import { queryRows, type Db } from '../../db/client';
import { userNotifications } from '../../db/schema.activity';

/**
 * Notification figures (R-DATA-5 notifications stats) from the per-user notifications (R-ACTIVITY-5: type, data,
 * timestamp, read): the user's own, or every user's for `scope=all` (founders only, checked by the route).
 * Announcements are not counted: they are one banner for everyone, with no per-user read state.
 */
export async function notificationStats(
  db: Db,
  window: { scope: 'mine' | 'all'; timeframeHours: number; since: Date; userId: string },
): Promise<NotificationStats> {
  const since = sql`${window.since.toISOString()}::timestamptz`;
  const whose = window.scope === 'all' ? sql`true` : sql`${userNotifications.userId} = ${window.userId}`;
  const [row] = await queryRows<{ total: number; recent: number; unread: number }>(
    db,
    sql`select count(*)::int as total,
               (count(*) filter (where ${userNotifications.timestamp} >= ${since}))::int as recent,
               (count(*) filter (where not ${userNotifications.read}))::int as unread
          from ${userNotifications} where ${whose}`,
  );
  const types = await queryRows<{ type: string; count: number }>(
    db,
    sql`select ${userNotifications.type} as type, count(*)::int as count from ${userNotifications} where ${whose} group by 1`,
  );
  const total = row?.total ?? 0;
  const unread = row?.unread ?? 0;
  return {
    scope: window.scope,
    timeframeHours: window.timeframeHours,
    since: window.since.toISOString(),
    total,
    recent: row?.recent ?? 0,
    // Both states always listed, so "0 unread" reads as a figure, not as missing.
    byReadStatus: [
      { is_read: false, count: unread },
      { is_read: true, count: total - unread },
    ],
    byType: Object.fromEntries(types.map((t) => [t.type, t.count])),
  };
}
