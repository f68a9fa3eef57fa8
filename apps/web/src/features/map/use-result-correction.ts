import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Analysis, Candidate } from '@vt/shared';
import { errorMessage } from '../../lib/api-client';
import { useCorrection } from './index-api';
import type { PlacedResult } from './result-layer';
import type { CorrectionState } from './components/result-popup';

/**
 * The owner's correction of the result on the map: a dragged marker or a picked rival candidate is a proposal that
 * waits for Confirm; a confirmed one is saved on the server, whose corrected analysis then replaces the run's (same
 * id). A proposal and a failed save belong to the analysis they were made on: a new analysis starts clean.
 */
export function useResultCorrection({
  map,
  runAnalysis,
  placed,
}: {
  map: MapLibreMap | null;
  /** The analysis the run produced (or opened). */
  runAnalysis: Analysis | null;
  placed: RefObject<PlacedResult | null>;
}) {
  const [corrected, setCorrected] = useState<Analysis | null>(null);
  const [pending, setPending] = useState<{ lat: number; lng: number; label: string; analysisId: string } | null>(null);
  const analysis = corrected && corrected.id === runAnalysis?.id ? corrected : runAnalysis;
  const analysisId = analysis?.id ?? null;
  // The marker's callbacks outlive renders: they read the analysis they belong to from here.
  const currentId = useRef<string | null>(null);
  useEffect(() => {
    currentId.current = analysisId;
  }, [analysisId]);

  const mutation = useCorrection((a) => {
    setCorrected(a);
    setPending(null);
  });

  const openPopup = useCallback(() => {
    const marker = placed.current?.marker;
    if (marker && !marker.getPopup()?.isOpen()) marker.togglePopup();
  }, [placed]);

  const onDragged = useCallback(
    (p: { lat: number; lng: number }) => {
      setPending({ ...p, label: 'the dragged point', analysisId: currentId.current ?? '' });
      openPopup();
    },
    [openPopup],
  );
  const onPickCandidate = useCallback(
    (c: Candidate) => {
      setPending({ lat: c.lat, lng: c.lng, label: c.label, analysisId: currentId.current ?? '' });
      placed.current?.marker?.setLngLat([c.lng, c.lat]);
      openPopup();
      // The candidate may be kilometres away: follow the marker (and its Confirm bar) there.
      map?.easeTo({ center: [c.lng, c.lat], duration: 600, essential: true });
    },
    [map, placed, openPopup],
  );

  const proposal = pending && pending.analysisId === analysisId ? pending : null;
  const error = mutation.variables?.analysisId === analysisId && mutation.error ? errorMessage(mutation.error) : null;

  const correction: CorrectionState = {
    pending: proposal,
    propose: onPickCandidate,
    saving: mutation.isPending,
    error,
    confirm: () => {
      if (proposal && analysisId) mutation.mutate({ analysisId, lat: proposal.lat, lng: proposal.lng });
    },
    cancel: () => {
      setPending(null);
      mutation.reset();
      const result = analysis?.analysis_result;
      if (result) placed.current?.marker?.setLngLat([result.lng, result.lat]);
    },
  };
  return { analysis, correction, onDragged, onPickCandidate };
}
