import { useQuery } from '@tanstack/react-query';
import {
  ConsoleAccessSchema,
  DeploymentFactsSchema,
  HealthSchema,
  LocationListSchema,
  LocationsPageSchema,
} from '@vt/shared';
import { apiGet } from '../../lib/api-client';

const KEY = ['data-api', 'insights'] as const;

export function useLocationHistory(limit: number, offset: number, query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...KEY, 'locations', limit, offset, q],
    queryFn: async ({ signal }) => {
      if (!q) return apiGet(`/api/locations/my?limit=${limit}&offset=${offset}`, LocationsPageSchema, { signal });
      const found = await apiGet(`/api/locations/search?query=${encodeURIComponent(q)}&limit=100`, LocationListSchema, {
        signal,
      });
      return { locations: found.locations.slice(offset, offset + limit), total: found.locations.length };
    },
    placeholderData: (previous) => previous,
  });
}

export function useDeployment(enabled: boolean) {
  return useQuery({
    queryKey: ['deployment'],
    queryFn: async ({ signal }) =>
      (await apiGet('/api/admin/deployment', DeploymentFactsSchema, { signal })).deployment,
    enabled,
  });
}

export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: ({ signal }) => apiGet('/api/health', HealthSchema, { signal }) });
}

export function useConsoleAccess() {
  return useQuery({
    queryKey: ['console-access', 'me'],
    queryFn: ({ signal }) => apiGet('/api/console-access/me', ConsoleAccessSchema, { signal }),
  });
}
