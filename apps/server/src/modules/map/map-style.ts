import { DOWNTOWN_MIAMI, MAP } from '@vt/shared';

/** Colours of the dark embedded map, close to the app's own surface and accent tokens (design/visual.md). */
export const EMBEDDED_COLOURS = {
  water: '#06090e',
  land: '#121821',
  miamiDade: '#171e29',
  countyLine: '#5cc8ff',
  municipalityLine: '#3b4a5c',
  neighbourhoodLine: '#2a3645',
  zip: '#64748b',
} as const;

/** Where the browser fetches each GeoJSON layer; relative so the page's own origin (and CSP 'self') applies. */
export const layerUrl = (name: string) => `/api/map/geo/${name}.geojson`;

/**
 * The offline MapLibre style: GeoJSON sources from this server and only fill, line and circle layers. It has no
 * `glyphs` or `sprite` on purpose: symbol text would need glyph downloads, so the browser draws place labels as
 * HTML markers from the `labels` source instead.
 */
export function embeddedStyle() {
  const geojson = (name: string) => ({ type: 'geojson' as const, data: layerUrl(name) });
  return {
    version: 8 as const,
    name: 'Vision Terminal offline',
    metadata: { 'vt:embedded': true, 'vt:labels': layerUrl('labels') },
    center: [DOWNTOWN_MIAMI.lng, DOWNTOWN_MIAMI.lat],
    zoom: MAP.startZoom,
    sources: {
      land: geojson('land'),
      county: geojson('county'),
      municipalities: geojson('municipalities'),
      neighbourhoods: geojson('neighbourhoods'),
      zips: geojson('zips'),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': EMBEDDED_COLOURS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': EMBEDDED_COLOURS.land } },
      {
        id: 'county-fill',
        type: 'fill',
        source: 'county',
        paint: { 'fill-color': EMBEDDED_COLOURS.miamiDade, 'fill-opacity': 0.9 },
      },
      {
        id: 'neighbourhood-lines',
        type: 'line',
        source: 'neighbourhoods',
        minzoom: 11,
        paint: { 'line-color': EMBEDDED_COLOURS.neighbourhoodLine, 'line-width': 1, 'line-dasharray': [2, 2] },
      },
      {
        id: 'municipality-lines',
        type: 'line',
        source: 'municipalities',
        paint: {
          'line-color': EMBEDDED_COLOURS.municipalityLine,
          'line-width': ['interpolate', ['linear'], ['zoom'], 9, 0.6, 14, 1.6],
        },
      },
      {
        id: 'county-line',
        type: 'line',
        source: 'county',
        paint: { 'line-color': EMBEDDED_COLOURS.countyLine, 'line-width': 1.5, 'line-opacity': 0.7 },
      },
      {
        id: 'zip-points',
        type: 'circle',
        source: 'zips',
        minzoom: 11,
        paint: { 'circle-color': EMBEDDED_COLOURS.zip, 'circle-radius': 2.5, 'circle-opacity': 0.7 },
      },
    ],
  };
}
