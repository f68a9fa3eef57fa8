import { sql } from 'drizzle-orm';
import type { NotificationStats } from '@vt/shared';
import { queryRows, type Db } from '../../db/client';
import { notifications } from '../../db/schema.notifications';

/**
 * Notification figures from the announcements table, the only notifications stored on the server today. They are
 * the same for every user, so `scope` changes nothing here; read state lives in the browser (decisions §1), so
 * `byReadStatus` stays empty. Kept apart so per-user notifications can replace it without touching the rest.
 */
export async function notificationStats(
  db: Db,
  window: { scope: 'mine' | 'all'; timeframeHours: number; since: Date },
): Promise<NotificationStats> {
  const since = sql`${window.since.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ total: number; recent: number }>(
    db,
    sql`select count(*)::int as total, (count(*) filter (where created_at >= ${since}))::int as recent from ${notifications}`,
  );
  const types = await queryRows<{ type: string; count: number }>(
    db,
    sql`select type, count(*)::int as count from ${notifications} group by type`,
  );
  return {
    scope: window.scope,
    timeframeHours: window.timeframeHours,
    since: window.since.toISOString(),
    total: row?.total ?? 0,
    recent: row?.recent ?? 0,
    byReadStatus: [],
    byType: Object.fromEntries(types.map((t) => [t.type, t.count])),
  };
}
