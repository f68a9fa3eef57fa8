import { useEffect, useRef } from 'react';
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import '../map.css';
import { DOWNTOWN_MIAMI, MAP } from '@vt/shared';
import { buildingExtrusion, loadStyle } from '../map-style';

// Under Vite the bundled worker must be named explicitly, or GeoJSON layers never draw.
setWorkerUrl(workerUrl);

/** The element that holds the map carries it, so tests (and devtools) can ask the map itself what it drew. */
export type MapElement = HTMLDivElement & { vtMap?: MapLibreMap };

type LabelProps = { name: string; kind: string; minZoom: number };
type LabelCollection = { features: Array<{ properties: LabelProps; geometry: { coordinates: [number, number] } }> };

/** Place labels as DOM markers: they need no glyphs, so the offline map has names without any download. */
async function addHtmlLabels(map: MapLibreMap, url: string, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { signal });
  if (!response.ok) return;
  const labels = (await response.json()) as LabelCollection;
  const entries = labels.features.map((f) => {
    const el = document.createElement('div');
    el.className = `vt-map-label vt-map-label--${f.properties.kind === 'municipality' ? 'major' : 'minor'}`;
    el.textContent = f.properties.name;
    el.setAttribute('aria-hidden', 'true');
    new Marker({ element: el }).setLngLat(f.geometry.coordinates).addTo(map);
    return { el, minZoom: f.properties.minZoom };
  });
  const update = () => {
    const z = map.getZoom();
    for (const { el, minZoom } of entries) el.style.visibility = z >= minZoom ? 'visible' : 'hidden';
  };
  update();
  map.on('zoomend', update);
}

/**
 * A full-size MapLibre map on the configured style, centred on downtown Miami. Reports the map once it has loaded,
 * or the spec's message when the style is missing or broken.
 */
export function MapCanvas({
  onReady,
  onError,
  className,
}: {
  /** `embedded`: the offline style is drawn (no street basemap configured). */
  onReady?: (map: MapLibreMap, info: { embedded: boolean }) => void;
  onError: (message: string) => void;
  className?: string;
}) {
  const container = useRef<MapElement>(null);
  const callbacks = useRef({ onReady, onError });
  useEffect(() => {
    callbacks.current = { onReady, onError };
  });

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const abort = new AbortController();
    let map: MapLibreMap | null = null;
    let loaded = false;

    void (async () => {
      let prepared;
      try {
        prepared = await loadStyle(abort.signal);
      } catch (error) {
        if (!abort.signal.aborted) callbacks.current.onError(`Map failed to load: ${messageOf(error)}`);
        return;
      }
      if (abort.signal.aborted) return;
      try {
        map = new MapLibreMap({
          container: el,
          style: prepared.style as StyleSpecification,
          center: [DOWNTOWN_MIAMI.lng, DOWNTOWN_MIAMI.lat],
          zoom: MAP.startZoom,
          maxPitch: 70,
          attributionControl: { compact: true },
        });
      } catch (error) {
        callbacks.current.onError(`Failed to initialize map: ${messageOf(error)}`);
        return;
      }
      el.vtMap = map;
      map.addControl(new NavigationControl({ visualizePitch: true }), 'bottom-right');
      map.on('error', (event) => {
        // Before the first render any error means no map; later ones (a tile, a thumbnail) leave it usable.
        if (!loaded) callbacks.current.onError(`Map failed to load: ${messageOf(event.error)}`);
      });
      map.on('load', () => {
        loaded = true;
        const m = map!;
        const buildings = buildingExtrusion(m.getStyle());
        if (buildings) m.addLayer(buildings);
        if (prepared.labelsUrl) void addHtmlLabels(m, prepared.labelsUrl, abort.signal).catch(() => undefined);
        el.dataset.mapReady = 'true';
        callbacks.current.onReady?.(m, { embedded: prepared.embedded });
      });
    })();

    return () => {
      abort.abort();
      map?.remove();
      delete el.vtMap;
      delete el.dataset.mapReady;
    };
  }, []);

  // MapLibre's own CSS makes its container position: relative, so the sizing lives on a wrapper.
  return (
    <div className={className ?? 'absolute inset-0'}>
      <div ref={container} data-testid="map" className="h-full w-full" />
    </div>
  );
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'unknown error';
}
