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
import { apiGet, apiSend } from '../../lib/api-client';

/** Every query of the data API starts with this key, so one invalidation refreshes the dashboard and histories. */
export const DATA_KEY = ['data-api'] as const;

// Each hook is its own query: the dashboard's stats calls run in parallel, not one after another.

export function useUserStats() {
  return useQuery({
    queryKey: [...DATA_KEY, 'users-stats'],
    queryFn: async ({ signal }) => (await apiGet('/api/users/stats', UserStatsSchema, { signal })).stats,
  });
}

export function useAnalysisStats(scope: 'mine' | 'all' = 'mine', enabled = true) {
  return useQuery({
    queryKey: [...DATA_KEY, 'analysis-stats', scope],
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/analysis/stats?scope=${scope}`, AnalysisStatsSchema, { signal })).stats,
    enabled,
  });
}

export function useLocationStats(scope: 'mine' | 'all' = 'mine', enabled = true) {
  return useQuery({
    queryKey: [...DATA_KEY, 'location-stats', scope],
    queryFn: async ({ signal }) =>
      (await apiGet(`/api/locations/stats?scope=${scope}`, LocationStatsSchema, { signal })).stats,
    enabled,
  });
}

export function useAdminStats(enabled: boolean) {
  return useQuery({
    queryKey: [...DATA_KEY, 'admin-stats'],
    queryFn: async ({ signal }) => (await apiGet('/api/admin/stats', AdminStatsSchema, { signal })).stats,
    enabled,
  });
}

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
