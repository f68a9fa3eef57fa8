import { useQuery } from '@tanstack/react-query';
import { AnalysisEnvelopeSchema, CountyOutlineSchema, LocationIndexSchema, type Analysis } from '@vt/shared';
import { apiGet } from '../../lib/api-client';

export const LOCATION_INDEX_KEY = ['location-index'] as const;

/** The user's location index (newest first, at most 20): the "Recent analyses" list. */
/** The signed-in user's location index, straight from the server. */
export const fetchLocationIndex = (signal?: AbortSignal) =>
  apiGet('/api/location-index', LocationIndexSchema, signal ? { signal } : {});

export function useLocationIndex() {
  return useQuery({ queryKey: LOCATION_INDEX_KEY, queryFn: ({ signal }) => fetchLocationIndex(signal) });
}

/** The county outline never changes while the page is open. */
export function useCountyOutline() {
  return useQuery({
    queryKey: ['geo', 'county-outline'],
    queryFn: ({ signal }) =>
      apiGet('/api/geo/county-outline', CountyOutlineSchema, { signal, reportAuthErrors: false }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export async function fetchAnalysis(id: string, signal?: AbortSignal): Promise<Analysis> {
  return (await apiGet(`/api/analyses/${encodeURIComponent(id)}`, AnalysisEnvelopeSchema, { signal })).analysis;
}
