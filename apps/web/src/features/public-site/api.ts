import { useQuery } from '@tanstack/react-query';
import { LatestBenchmarksSchema, PublicConfigSchema, type LatestBenchmarks, type PublicConfig } from '@vt/shared';
import { apiGet } from '../../lib/api-client';

/** Until the server answers, the pages behave as if nothing was configured or measured. */
const NOTHING_MEASURED: LatestBenchmarks = { accuracy: null, speed: null, signs: null };

export function usePublicConfig(): PublicConfig | null {
  const query = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiGet('/api/public-config', PublicConfigSchema, { signal, reportAuthErrors: false }),
    staleTime: 10 * 60_000,
  });
  return query.data ?? null;
}

export function useBenchmarks(): { data: LatestBenchmarks; isLoading: boolean } {
  const query = useQuery({
    queryKey: ['benchmarks', 'latest'],
    queryFn: ({ signal }) =>
      apiGet('/api/benchmarks/latest', LatestBenchmarksSchema, { signal, reportAuthErrors: false }),
    staleTime: 10 * 60_000,
  });
  return { data: query.data ?? NOTHING_MEASURED, isLoading: query.isPending };
}

/** "5 photos a week": the allowance of an account without a code, as the server is configured (one source). */
export function useWeeklyAllowance(): string {
  const n = usePublicConfig()?.weeklyImageLimit;
  if (n === undefined) return 'a set number of photos a week';
  return `${n} photo${n === 1 ? '' : 's'} a week`;
}
