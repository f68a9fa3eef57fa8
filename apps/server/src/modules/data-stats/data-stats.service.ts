import type {
  ApiUsagePatterns,
  ApiUsageStats,
  CategoryStats,
  Feedback,
  FeedbackRequest,
  FeedbackStats,
  ImageStats,
  NotificationStats,
  SessionStats,
  User,
} from '@vt/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { lastDays } from '../../lib/days';
import type { DataStatsRepository } from './data-stats.repository';
import { notificationStats } from './notifications-stats';

export type Scope = 'mine' | 'all';
const round = (n: number | null | undefined, digits = 2) =>
  n == null ? null : Math.round(Number(n) * 10 ** digits) / 10 ** digits;
/** The stored rows of a scope: all of them, and those made inside the window. */
const stored = (row: { total: number; recent: number }) => ({ total: row.total, recent: row.recent });

/**
 * Usage statistics (R-DATA-5) and the feedback and category writes they count. `mine` figures are the
 * caller's; `all` (checked founder-only by the routes) is the whole database.
 */
export class DataStatsService {
  constructor(
    private readonly repo: DataStatsRepository,
    private readonly db: Db,
    private readonly sessionIdleMs: number,
  ) {}

  private window(scope: Scope, timeframeHours: number) {
    return { scope, timeframeHours, since: new Date(Date.now() - timeframeHours * 3_600_000) };
  }

  /**
   * What a figure set over a window asks its query for (the caller's rows, or everyone's as a null user for `all`,
   * made since `since`) and opens its answer with (`head`: the window it covers).
   */
  private over(user: User, scope: Scope, timeframeHours: number) {
    const { since } = this.window(scope, timeframeHours);
    return {
      userId: scope === 'all' ? null : user.id,
      since,
      head: { scope, timeframeHours, since: since.toISOString() },
    };
  }

  async apiUsage(user: User, scope: Scope, timeframeHours: number): Promise<ApiUsageStats> {
    const w = this.over(user, scope, timeframeHours);
    const r = await this.repo.apiUsage(w.userId, w.since);
    return {
      ...w.head,
      totalRequests: r.totals.total,
      errorRequests: r.totals.errors,
      averageDurationMs: round(r.totals.avg),
      p95DurationMs: round(r.totals.p95),
      byStatus: Object.fromEntries(r.statuses.map((s) => [String(s.status), s.count])),
      byEndpoint: r.endpoints.map((e) => ({ ...e, average_ms: round(e.average_ms) ?? 0 })),
      allTime: r.allTime,
    };
  }

  async apiPatterns(user: User, scope: Scope, days: number): Promise<ApiUsagePatterns> {
    const r = await this.repo.apiPatterns(scope === 'all' ? null : user.id, days, user.timeZone);
    return {
      scope,
      days,
      timeZone: user.timeZone,
      byHour: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        count: r.hours.find((h) => h.hour === hour)?.count ?? 0,
      })),
      byDay: lastDays(days, user.timeZone).map((day) => {
        const found = r.perDay.find((d) => d.day === day);
        return { day, count: found?.count ?? 0, errors: found?.errors ?? 0 };
      }),
    };
  }

  async images(user: User, scope: Scope, timeframeHours: number): Promise<ImageStats> {
    const w = this.over(user, scope, timeframeHours);
    const { row, formats } = await this.repo.images(w.userId, w.since);
    return {
      ...w.head,
      ...stored(row),
      sizeStats: { total_size: Number(row.bytes), average_size: row.avg == null ? null : Math.round(Number(row.avg)) },
      byFormat: Object.fromEntries(formats.map((f) => [f.format, f.count])),
    };
  }

  notifications(user: User, scope: Scope, timeframeHours: number): Promise<NotificationStats> {
    return notificationStats(this.db, { ...this.window(scope, timeframeHours), userId: user.id });
  }

  async feedback(user: User, scope: Scope, timeframeHours: number): Promise<FeedbackStats> {
    const w = this.over(user, scope, timeframeHours);
    const { row, ratings } = await this.repo.feedback(w.userId, w.since);
    return {
      ...w.head,
      ...stored(row),
      averageRating: round(row.avg),
      byRating: [1, 2, 3, 4, 5].map((rating) => ({
        rating,
        count: ratings.find((r) => r.rating === rating)?.count ?? 0,
      })),
      withComment: row.comments,
    };
  }

  async categories(user: User, scope: Scope, timeframeHours: number): Promise<CategoryStats> {
    const w = this.over(user, scope, timeframeHours);
    const { row, byCategory } = await this.repo.categories(w.userId, w.since);
    return {
      ...w.head,
      ...stored(row),
      categorisedAnalyses: row.analyses,
      byCategory,
    };
  }

  async sessions(user: User, scope: Scope, timeframeHours: number): Promise<SessionStats> {
    const w = this.over(user, scope, timeframeHours);
    const r = await this.repo.sessions(w.userId, w.since, this.sessionIdleMs);
    return {
      ...w.head,
      activeSessions: r.active,
      signInsInTimeframe: r.signIns,
      activeUsers: r.activeUsers,
      averageSessionMinutes: round(r.avgMinutes, 1),
    };
  }

  // --- feedback and categories on one analysis (owner only; anything else is 404) -------------------------

  private async own(user: User, analysisId: string): Promise<void> {
    if (!isUuid(analysisId) || !(await this.repo.ownsAnalysis(user.id, analysisId)))
      throw notFound('Analysis not found.');
  }

  async getFeedback(user: User, analysisId: string): Promise<Feedback | null> {
    await this.own(user, analysisId);
    const row = await this.repo.getFeedback(analysisId);
    return row ? toFeedback(row) : null;
  }

  async rate(user: User, analysisId: string, input: FeedbackRequest): Promise<Feedback> {
    await this.own(user, analysisId);
    return toFeedback(await this.repo.upsertFeedback(user.id, analysisId, input.rating, input.comment?.trim() || null));
  }

  async removeFeedback(user: User, analysisId: string): Promise<void> {
    await this.own(user, analysisId);
    await this.repo.deleteFeedback(analysisId);
  }

  async getCategories(user: User, analysisId: string): Promise<string[]> {
    await this.own(user, analysisId);
    return this.repo.getCategories(analysisId);
  }

  async setCategories(user: User, analysisId: string, categories: string[]): Promise<string[]> {
    await this.own(user, analysisId);
    await this.repo.setCategories(user.id, analysisId, categories);
    return this.repo.getCategories(analysisId);
  }
}

function toFeedback(row: {
  analysisId: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
}): Feedback {
  return {
    analysis_id: row.analysisId,
    rating: row.rating,
    comment: row.comment,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}
