import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  LocationIndexCreateResponseSchema,
  LocationIndexRemovedSchema,
  type LocationIndexCreateRequest,
} from '@vt/shared';
import { apiSend } from '../../lib/api-client';
import { LOCATION_INDEX_KEY } from '../analysis';

/** Demo items (spec 2 §2: Add Sample Location / Add Multiple): real places in the county, marked as samples. */
export const SAMPLE_LOCATIONS: LocationIndexCreateRequest[] = [
  { name: 'Sample: Bayfront Park', lat: 25.7753, lng: -80.1862, source: 'Sample' },
  { name: 'Sample: Vizcaya Museum', lat: 25.7443, lng: -80.2106, source: 'Sample' },
  { name: 'Sample: Lummus Park, South Beach', lat: 25.7813, lng: -80.1309, source: 'Sample' },
  { name: 'Sample: Coral Gables City Hall', lat: 25.7494, lng: -80.2597, source: 'Sample' },
];

export function useIndexMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: LOCATION_INDEX_KEY });
  const add = useMutation({
    mutationFn: async (items: LocationIndexCreateRequest[]) => {
      for (const item of items) await apiSend('POST', '/api/location-index', item, LocationIndexCreateResponseSchema);
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiSend('DELETE', `/api/location-index/${encodeURIComponent(id)}`, undefined, LocationIndexRemovedSchema),
    onSettled: refresh,
  });
  const clear = useMutation({
    mutationFn: () => apiSend('DELETE', '/api/location-index', undefined, LocationIndexRemovedSchema),
    onSettled: refresh,
  });
  return { add, remove, clear };
}
