import { useCallback, useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { TripPhoto } from '@vt/shared';
import { TRIP_COLOURS, TripLayer } from '../trip-layer';
import { MapCanvas } from './map-canvas';
import { MapUnavailable } from './map-unavailable';

/**
 * A trip's own map (the trip page, R-TRIP-4): the county basemap with the trip's photos drawn as they arrive, and a
 * legend of what the colours mean.
 */
export function TripMap({
  photos,
  selectedId,
  onSelect,
}: {
  photos: readonly TripPhoto[];
  selectedId: string | null;
  onSelect(analysisId: string): void;
}) {
  const [layer, setLayer] = useState<TripLayer | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The latest selection callback, for the layer made once with the map (the map's removal takes the layer along).
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  });
  const onReady = useCallback(
    (map: MapLibreMap) => setLayer(new TripLayer(map, { onSelect: (id) => select.current(id) })),
    [],
  );
  useEffect(() => {
    layer?.setPhotos(photos, selectedId);
  }, [layer, photos, selectedId]);
  useEffect(() => {
    if (layer && selectedId) layer.focus(selectedId);
  }, [layer, selectedId]);

  if (error) return <MapUnavailable message={error} />;
  return (
    <>
      <MapCanvas onReady={onReady} onError={setError} />
      <TripLegend />
    </>
  );
}

/** What the dots' colours mean. */
export function TripLegend() {
  const item = (colour: string, label: string) => (
    <li className="flex items-center gap-1.5">
      <span aria-hidden="true" className="size-2.5 rounded-full border border-bg" style={{ background: colour }} />
      {label}
    </li>
  );
  return (
    <ul
      aria-label="Legend"
      // Clear of the zoom buttons at the bottom right, however narrow the map.
      className="pointer-events-none absolute bottom-2 left-2 z-[5] flex max-w-[calc(100%-3.75rem)] flex-wrap gap-x-3 gap-y-1 rounded-md bg-bg/85 px-2 py-1 text-[11px] text-muted"
    >
      {item(TRIP_COLOURS.gps, 'by its GPS')}
      {item(TRIP_COLOURS.sequence, 'from neighbours in time')}
      {item(TRIP_COLOURS.other, 'from other evidence')}
    </ul>
  );
}
