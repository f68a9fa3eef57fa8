import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { analyses, photos } from '../../db/schema.analyses';
import { analysisCategories, analysisFeedback, apiRequests } from '../../db/schema.data';

/** `and user_id = …` for the caller's own figures, nothing for database-wide ones. */
const owner = (userId: string | null, column: SQL = sql`user_id`) => (userId ? sql`and ${column} = ${userId}` : sql``);
const sinceSql = (since: Date) => sql`${since.toISOString()}::timestamptz`;

/** SQL of the usage statistics and of the feedback and category writes. */
export class DataStatsRepository {
  constructor(private readonly db: Db) {}

  async apiUsage(userId: string | null, since: Date) {
    const where = sql`where created_at >= ${sinceSql(since)} ${owner(userId)}`;
    const [totals] = await queryRows<{ total: number; errors: number; avg: number | null; p95: number | null }>(
      this.db,
      sql`select count(*)::int as total, (count(*) filter (where status >= 400))::int as errors,
                 avg(duration_ms)::float8 as avg,
                 percentile_cont(0.95) within group (order by duration_ms)::float8 as p95
          from ${apiRequests} ${where}`,
    );
    const statuses = await queryRows<{ status: number; count: number }>(
      this.db,
      sql`select status, count(*)::int as count from ${apiRequests} ${where} group by status order by status`,
    );
    const endpoints = await queryRows<{
      method: string;
      endpoint: string;
      count: number;
      errors: number;
      average_ms: number;
    }>(
      this.db,
      sql`select method, endpoint, count(*)::int as count, (count(*) filter (where status >= 400))::int as errors,
                 avg(duration_ms)::float8 as average_ms
          from ${apiRequests} ${where} group by method, endpoint order by count desc, endpoint limit 50`,
    );
    const [all] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from ${apiRequests} where true ${owner(userId)}`,
    );
    return { totals: totals!, statuses, endpoints, allTime: all?.n ?? 0 };
  }

  async apiPatterns(userId: string | null, days: number, timeZone: string) {
    const dayStart = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
    const where = sql`where created_at >= ${dayStart} - make_interval(days => ${days - 1}::int) ${owner(userId)}`;
    const hours = await queryRows<{ hour: number; count: number }>(
      this.db,
      sql`select extract(hour from created_at at time zone ${timeZone})::int as hour, count(*)::int as count
          from ${apiRequests} ${where} group by 1`,
    );
    const perDay = await queryRows<{ day: string; count: number; errors: number }>(
      this.db,
      sql`select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*)::int as count,
                 (count(*) filter (where status >= 400))::int as errors
          from ${apiRequests} ${where} group by 1`,
    );
    return { hours, perDay };
  }

  async images(userId: string | null, since: Date) {
    const [row] = await queryRows<{ total: number; recent: number; bytes: string | number; avg: number | null }>(
      this.db,
      sql`select count(*)::int as total, (count(*) filter (where created_at >= ${sinceSql(since)}))::int as recent,
                 coalesce(sum(byte_size), 0)::bigint as bytes, avg(byte_size)::float8 as avg
          from ${photos} where byte_size > 0 ${owner(userId)}`,
    );
    const formats = await queryRows<{ format: string; count: number }>(
      this.db,
      sql`select format, count(*)::int as count from ${photos} where byte_size > 0 ${owner(userId)} group by format`,
    );
    return { row: row!, formats };
  }

  async feedback(userId: string | null, since: Date) {
    const [row] = await queryRows<{ total: number; recent: number; avg: number | null; comments: number }>(
      this.db,
      sql`select count(*)::int as total, (count(*) filter (where updated_at >= ${sinceSql(since)}))::int as recent,
                 avg(rating)::float8 as avg, (count(*) filter (where coalesce(comment, '') <> ''))::int as comments
          from ${analysisFeedback} where true ${owner(userId)}`,
    );
    const ratings = await queryRows<{ rating: number; count: number }>(
      this.db,
      sql`select rating, count(*)::int as count from ${analysisFeedback} where true ${owner(userId)} group by rating`,
    );
    return { row: row!, ratings };
  }

  async categories(userId: string | null, since: Date) {
    const [row] = await queryRows<{ total: number; recent: number; analyses: number }>(
      this.db,
      sql`select count(*)::int as total, (count(*) filter (where created_at >= ${sinceSql(since)}))::int as recent,
                 count(distinct analysis_id)::int as analyses
          from ${analysisCategories} where true ${owner(userId)}`,
    );
    const byCategory = await queryRows<{ category: string; count: number }>(
      this.db,
      sql`select category, count(*)::int as count from ${analysisCategories} where true ${owner(userId)}
          group by category order by count desc, category limit 20`,
    );
    return { row: row!, byCategory };
  }

  async sessions(userId: string | null, since: Date, idleMs: number) {
    const [row] = await queryRows<{ active: number; avg_minutes: number | null }>(
      this.db,
      sql`select (count(*) filter (where expires_at > now() and last_seen_at > now() - make_interval(secs => ${idleMs / 1000})))::int as active,
                 (avg(extract(epoch from (last_seen_at - created_at)) / 60) filter (where created_at >= ${sinceSql(since)}))::float8 as avg_minutes
          from ${sessions} where true ${owner(userId)}`,
    );
    const [logins] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from activity_log where type = 'login' and timestamp >= ${sinceSql(since)} ${owner(userId)}`,
    );
    const [seen] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from ${users} where last_active >= ${sinceSql(since)} ${owner(userId, sql`id`)}`,
    );
    return {
      active: row?.active ?? 0,
      avgMinutes: row?.avg_minutes ?? null,
      signIns: logins?.n ?? 0,
      activeUsers: seen?.n ?? 0,
    };
  }

  // --- feedback and categories -------------------------------------------------------------------------

  /** Whether the analysis exists and belongs to the user (anything else is a 404 to the caller). */
  async ownsAnalysis(userId: string, analysisId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: analyses.id })
      .from(analyses)
      .where(and(eq(analyses.id, analysisId), eq(analyses.userId, userId)));
    return Boolean(row);
  }

  async getFeedback(analysisId: string) {
    const [row] = await this.db.select().from(analysisFeedback).where(eq(analysisFeedback.analysisId, analysisId));
    return row;
  }

  async upsertFeedback(userId: string, analysisId: string, rating: number, comment: string | null) {
    const [row] = await this.db
      .insert(analysisFeedback)
      .values({ userId, analysisId, rating, comment })
      .onConflictDoUpdate({ target: analysisFeedback.analysisId, set: { rating, comment, updatedAt: sql`now()` } })
      .returning();
    return row!;
  }

  async deleteFeedback(analysisId: string): Promise<void> {
    await this.db.delete(analysisFeedback).where(eq(analysisFeedback.analysisId, analysisId));
  }

  async getCategories(analysisId: string): Promise<string[]> {
    const rows = await this.db
      .select({ category: analysisCategories.category })
      .from(analysisCategories)
      .where(eq(analysisCategories.analysisId, analysisId))
      .orderBy(analysisCategories.category);
    return rows.map((r) => r.category);
  }

  /** Replaces the analysis's categories in one transaction. */
  async setCategories(userId: string, analysisId: string, categories: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(analysisCategories).where(eq(analysisCategories.analysisId, analysisId));
      if (categories.length)
        await tx.insert(analysisCategories).values(categories.map((category) => ({ userId, analysisId, category })));
    });
  }
}
