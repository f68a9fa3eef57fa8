import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AnalysisEnvelopeSchema,
  IndexCheckResponseSchema,
  LocationIndexCreateResponseSchema,
  LocationIndexRemovedSchema,
  type Analysis,
  type IndexCheckResponse,
  type LocationIndex,
  type LocationIndexCreateRequest,
} from '@vt/shared';
import { apiSend, errorMessage } from '../../lib/api-client';
import { LOCATION_INDEX_KEY } from '../analysis';

/** Demo items (R-INDEX-3: Add Sample Location / Add Multiple): real places in the county, marked as samples. */
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

export type CheckAction = 'verify' | 'reevaluate';
/** The outcome of the last check of an item, shown under it until the next. */
export type CheckMessage = { tone: 'ok' | 'warn' | 'error'; text: string };

const toneOf = (outcome: IndexCheckResponse['outcome']): CheckMessage['tone'] =>
  outcome === 'verified' || outcome === 'reevaluated' ? 'ok' : outcome === 'contradicted' ? 'error' : 'warn';

/**
 * Verify and Reevaluate (R-INDEX-8, R-INDEX-9), run on the server. Several items can run at once; each item's buttons
 * are disabled while its own action runs, and its badge shows the spec's `...` meanwhile.
 */
export function useIndexChecks() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Record<string, CheckAction>>({});
  const [messages, setMessages] = useState<Record<string, CheckMessage>>({});

  const run = useCallback(
    async (id: string, action: CheckAction) => {
      setRunning((r) => ({ ...r, [id]: action }));
      try {
        const res = await apiSend(
          'POST',
          `/api/location-index/${encodeURIComponent(id)}/${action}`,
          undefined,
          IndexCheckResponseSchema,
        );
        queryClient.setQueryData<LocationIndex>(LOCATION_INDEX_KEY, (old) =>
          old ? { ...old, items: old.items.map((i) => (i.id === id ? res.item : i)) } : old,
        );
        setMessages((m) => ({ ...m, [id]: { tone: toneOf(res.outcome), text: res.message } }));
      } catch (error) {
        const text = errorMessage(error);
        setMessages((m) => ({ ...m, [id]: { tone: 'error', text } }));
      } finally {
        setRunning((r) => {
          const next = { ...r };
          delete next[id];
          return next;
        });
        void queryClient.invalidateQueries({ queryKey: LOCATION_INDEX_KEY });
      }
    },
    [queryClient],
  );
  return { run, running, messages };
}

/** POST /api/analyses/:id/correction: the owner drags the marker or picks a candidate. */
export function useCorrection(onCorrected: (analysis: Analysis) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ analysisId, lat, lng }: { analysisId: string; lat: number; lng: number }) =>
      apiSend(
        'POST',
        `/api/analyses/${encodeURIComponent(analysisId)}/correction`,
        { lat, lng },
        AnalysisEnvelopeSchema,
      ),
    onSuccess: ({ analysis }) => onCorrected(analysis),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LOCATION_INDEX_KEY }),
  });
}
