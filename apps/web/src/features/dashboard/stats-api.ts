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
import { DATA_KEY } from './api';

/** Under the data-api key, so deleting or adding an analysis refreshes these too. */
const KEY = [...DATA_KEY, 'usage'] as const;
export type Scope = 'mine' | 'all';

function statsQuery<S extends z.ZodType<{ stats: unknown }>>(
  path: string,
  schema: S,
  scope: Scope,
  timeframe: string,
  enabled = true,
) {
  return {
    queryKey: [...KEY, path, scope, timeframe],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await apiGet(`${path}?scope=${scope}&timeframe=${encodeURIComponent(timeframe)}`, schema, { signal }))
        .stats as z.infer<S>['stats'],
    enabled,
  };
}

export const useApiUsageStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(statsQuery('/api/api-usage/stats', ApiUsageStatsSchema, scope, timeframe, enabled));
export const useImageStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(statsQuery('/api/images/stats', ImageStatsSchema, scope, timeframe, enabled));
export const useNotificationStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(statsQuery('/api/notifications/stats', NotificationStatsSchema, scope, timeframe, enabled));
export const useFeedbackStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(statsQuery('/api/feedback/stats', FeedbackStatsSchema, scope, timeframe, enabled));
export const useCategoryStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(statsQuery('/api/categories/stats', CategoryStatsSchema, scope, timeframe, enabled));
export const useSessionStats = (scope: Scope, timeframe = '24h', enabled = true) =>
  useQuery(statsQuery('/api/sessions/stats', SessionStatsSchema, scope, timeframe, enabled));

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
