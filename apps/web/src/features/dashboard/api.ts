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
    queryFn: async ({ signal }) => (await apiGet(`/api/analysis/stats?scope=${scope}`, AnalysisStatsSchema, { signal })).stats,
    enabled,
  });
}

export function useLocationStats(scope: 'mine' | 'all' = 'mine', enabled = true) {
  return useQuery({
    queryKey: [...DATA_KEY, 'location-stats', scope],
    queryFn: async ({ signal }) => (await apiGet(`/api/locations/stats?scope=${scope}`, LocationStatsSchema, { signal })).stats,
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

export function useAnalysisPage(limit: number, offset: number, query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...DATA_KEY, q ? 'search' : 'my', limit, offset, q],
    queryFn: async ({ signal }) => {
      if (!q) return apiGet(`/api/analysis/my?limit=${limit}&offset=${offset}`, AnalysisPageSchema, { signal });
      const found = await apiGet(
        `/api/analysis/search?query=${encodeURIComponent(q)}&limit=${LIMITS.pageSizeMax}`,
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
    mutationFn: (id: string) => apiSend('DELETE', `/api/analysis/${encodeURIComponent(id)}`, undefined, AnalysisDeletedSchema),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: DATA_KEY }),
        client.invalidateQueries({ queryKey: ['location-index'] }),
      ]);
    },
  });
}
