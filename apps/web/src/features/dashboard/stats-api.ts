// Usage statistics (R-DATA-5: api-usage, images, notifications, feedback, categories, sessions, popular places).
import { useQuery } from '@tanstack/react-query';
import {
  ApiUsagePatternsSchema,
  ApiUsageStatsSchema,
  CategoryStatsSchema,
  FeedbackStatsSchema,
  ImageStatsSchema,
  NotificationStatsSchema,
  PopularLocationsSchema,
  SessionStatsSchema,
} from '@vt/shared';
import type { z } from 'zod';
import { apiGet } from '../../lib/api-client';
import { DATA_KEY, statsQuery } from './api';

/** Under the data-api key, so deleting or adding an analysis refreshes these too. */
const KEY = [...DATA_KEY, 'usage'] as const;
export type Scope = 'mine' | 'all';

/** One usage-statistics answer over a time window, for the caller's rows or (`all`) everyone's. */
const usageQuery = <S extends z.ZodType<{ stats: unknown }>>(
  path: string,
  schema: S,
  scope: Scope,
  timeframe: string,
  enabled = true,
) =>
  statsQuery(
    [...KEY, path, scope, timeframe],
    `${path}?scope=${scope}&timeframe=${encodeURIComponent(timeframe)}`,
    schema,
    enabled,
  );

export const useApiUsageStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(usageQuery('/api/api-usage/stats', ApiUsageStatsSchema, scope, timeframe, enabled));
export const useImageStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(usageQuery('/api/images/stats', ImageStatsSchema, scope, timeframe, enabled));
export const useNotificationStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(usageQuery('/api/notifications/stats', NotificationStatsSchema, scope, timeframe, enabled));
export const useFeedbackStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(usageQuery('/api/feedback/stats', FeedbackStatsSchema, scope, timeframe, enabled));
export const useCategoryStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(usageQuery('/api/categories/stats', CategoryStatsSchema, scope, timeframe, enabled));
export const useSessionStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(usageQuery('/api/sessions/stats', SessionStatsSchema, scope, timeframe, enabled));

export function useApiPatterns(scope: Scope, days = 7, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'patterns', scope, days],
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/api-usage/patterns?scope=${scope}&days=${days}`, ApiUsagePatternsSchema, { signal }))
        .patterns,
    enabled,
    // Requests are counted in batches written every second: a page opened right after someone's first requests
    // may find none yet, so it asks again soon until some arrive, then once a minute.
    refetchInterval: (query) => (query.state.data?.byDay.some((d) => d.count > 0) ? 60_000 : 2_000),
  });
}

export function usePopularLocations(scope: Scope, limit = 10, enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'popular', scope, limit],
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/locations/popular?scope=${scope}&limit=${limit}`, PopularLocationsSchema, { signal }))
        .locations,
    enabled,
  });
}

/** Location history, paged, or searched (search answers up to `limit` matches, no total). */
