import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminStatsSchema,
  AnalysisDeletedSchema,
  AnalysisPageSchema,
  AnalysisStatsSchema,
  LIMITS,
  LocationStatsSchema,
  UserStatsSchema,
} from '@vt/shared';
import type { z } from 'zod';
import { apiGet, apiSend } from '../../lib/api-client';

/** Every query of the data API starts with this key, so one invalidation refreshes the dashboard and histories. */
export const DATA_KEY = ['data-api'] as const;

/**
 * One `{ stats }` answer of the data API as its own query (`queryKey` under DATA_KEY): each hook is its own query, so
 * the dashboard's stats calls run in parallel, not one after another.
 */
export function statsQuery<S extends z.ZodType<{ stats: unknown }>>(
  queryKey: readonly unknown[],
  path: string,
  schema: S,
  enabled = true,
) {
  return {
    queryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await apiGet(path, schema, { signal })).stats as z.infer<S>['stats'],
    enabled,
  };
}

export const useUserStats = () =>
  useQuery(statsQuery([...DATA_KEY, 'users-stats'], '/api/users/stats', UserStatsSchema));

export const useAnalysisStats = (scope: 'mine' | 'all' = 'mine', enabled = true) =>
  useQuery(
    statsQuery(
      [...DATA_KEY, 'analysis-stats', scope],
      `/api/analysis/stats?scope=${scope}`,
      AnalysisStatsSchema,
      enabled,
    ),
  );

export const useLocationStats = (scope: 'mine' | 'all' = 'mine', enabled = true) =>
  useQuery(
    statsQuery(
      [...DATA_KEY, 'location-stats', scope],
      `/api/locations/stats?scope=${scope}`,
      LocationStatsSchema,
      enabled,
    ),
  );

export const useAdminStats = (enabled: boolean) =>
  useQuery(statsQuery([...DATA_KEY, 'admin-stats'], '/api/admin/stats', AdminStatsSchema, enabled));

/** The newest analyses (the dashboard shows the spec's 8). */
export function useRecentAnalyses(limit: number = LIMITS.dashboardRecentAnalyses) {
  return useQuery({
    queryKey: [...DATA_KEY, 'my', limit, 0],
    queryFn: ({ signal }) => apiGet(`/api/analysis/my?limit=${limit}&offset=0`, AnalysisPageSchema, { signal }),
  });
}

/** History filters (server-side): calendar days and a confidence range, empty values left out. */
export type HistoryFilter = { from?: string; to?: string; min_confidence?: number; max_confidence?: number };

export function filterParams(filter: HistoryFilter): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `&${s}` : '';
}

export function useAnalysisPage(limit: number, offset: number, query: string, filter: HistoryFilter = {}) {
  const q = query.trim();
  const f = filterParams(filter);
  return useQuery({
    queryKey: [...DATA_KEY, q ? 'search' : 'my', limit, offset, q, f],
    queryFn: async ({ signal }) => {
      if (!q) return apiGet(`/api/analysis/my?limit=${limit}&offset=${offset}${f}`, AnalysisPageSchema, { signal });
      const found = await apiGet(
        `/api/analysis/search?query=${encodeURIComponent(q)}&limit=${LIMITS.pageSizeMax}${f}`,
        AnalysisPageSchema.pick({ analyses: true }),
        { signal },
      );
      return { analyses: found.analyses.slice(offset, offset + limit), total: found.analyses.length };
    },
    placeholderData: (previous) => previous,
  });
}

export function useDeleteAnalysis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend('DELETE', `/api/analysis/${encodeURIComponent(id)}`, undefined, AnalysisDeletedSchema),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: DATA_KEY }),
        client.invalidateQueries({ queryKey: ['location-index'] }),
      ]);
    },
  });
}
