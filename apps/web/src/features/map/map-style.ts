import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { MAP } from '@vt/shared';

export type LoadedStyle = {
  style: StyleSpecification;
  /** The embedded style's place labels (GeoJSON points), drawn as HTML markers; null for hosted styles. */
  labelsUrl: string | null;
  embedded: boolean;
};

type StyleJson = StyleSpecification & { metadata?: Record<string, unknown> };

const absolute = (url: string, base: string) => (url.startsWith('/') ? new URL(url, base).href : url);

/**
 * Checks that the JSON is a MapLibre style and makes the embedded style's same-origin paths absolute, since
 * MapLibre's worker resolves relative URLs against its own script, not the page.
 */
export function prepareStyle(json: unknown, base: string): LoadedStyle {
  const style = json as StyleJson;
  if (
    !style ||
    typeof style !== 'object' ||
    style.version !== 8 ||
    typeof style.sources !== 'object' ||
    !Array.isArray(style.layers)
  )
    throw new Error('the map style is not a MapLibre style');
  const embedded = style.metadata?.['vt:embedded'] === true;
  const sources: StyleSpecification['sources'] = {};
  for (const [id, source] of Object.entries(style.sources)) {
    sources[id] =
      source.type === 'geojson' && typeof source.data === 'string'
        ? { ...source, data: absolute(source.data, base) }
        : source;
  }
  const labels = style.metadata?.['vt:labels'];
  return {
    style: { ...style, sources },
    labelsUrl: embedded && typeof labels === 'string' ? absolute(labels, base) : null,
    embedded,
  };
}

/** GET /api/map/style.json: the embedded style, or (through a redirect) the hosted one. */
export async function loadStyle(signal?: AbortSignal): Promise<LoadedStyle> {
  let response: Response;
  try {
    response = await fetch('/api/map/style.json', { signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error('the map style could not be reached');
  }
  if (!response.ok) throw new Error(`the map style request failed (HTTP ${response.status})`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error('the map style is not valid JSON');
  }
  return prepareStyle(json, response.url || window.location.href);
}

/**
 * 3D buildings from zoom 15 (R-MAP-6), only when the style has building footprints to extrude: a vector layer
 * reading the `building` source layer. The embedded style has none, so it stays flat.
 */
export function buildingExtrusion(style: Pick<StyleSpecification, 'layers'>): LayerSpecification | null {
  if (style.layers.some((l) => l.type === 'fill-extrusion')) return null;
  const footprint = style.layers.find(
    (l): l is Extract<LayerSpecification, { source: string }> & { 'source-layer'?: string } =>
      'source' in l && (l as { 'source-layer'?: string })['source-layer'] === 'building',
  );
  if (!footprint) return null;
  return {
    id: 'vt-3d-buildings',
    type: 'fill-extrusion',
    source: footprint.source,
    'source-layer': 'building',
    minzoom: MAP.buildingsMinZoom,
    paint: {
      'fill-extrusion-color': '#2a3240',
      'fill-extrusion-height': ['coalesce', ['get', 'render_height'], ['get', 'height'], 8],
      'fill-extrusion-base': ['coalesce', ['get', 'render_min_height'], ['get', 'min_height'], 0],
      'fill-extrusion-opacity': 0.85,
    },
  };
}
