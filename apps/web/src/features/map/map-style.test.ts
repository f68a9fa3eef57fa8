import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { buildingExtrusion, prepareStyle } from './map-style';

const embedded = {
  version: 8,
  metadata: { 'vt:embedded': true, 'vt:labels': '/api/map/geo/labels.geojson' },
  sources: { county: { type: 'geojson', data: '/api/map/geo/county.geojson' } },
  layers: [{ id: 'water', type: 'background' }],
};

describe('prepareStyle', () => {
  it('makes the embedded sources and labels absolute on the page origin', () => {
    const { style, labelsUrl, embedded: isEmbedded } = prepareStyle(embedded, 'http://localhost:4000/map');
    expect(isEmbedded).toBe(true);
    expect((style.sources.county as { data: string }).data).toBe('http://localhost:4000/api/map/geo/county.geojson');
    expect(labelsUrl).toBe('http://localhost:4000/api/map/geo/labels.geojson');
  });

  it('refuses what is not a MapLibre style', () => {
    expect(() => prepareStyle({ error: 'nope' }, 'http://x/')).toThrow('not a MapLibre style');
    expect(() => prepareStyle(null, 'http://x/')).toThrow('not a MapLibre style');
  });
});

describe('buildingExtrusion', () => {
  it('extrudes the building source layer of a hosted style from zoom 15', () => {
    const hosted = {
      layers: [
        { id: 'bg', type: 'background' },
        { id: 'building', type: 'fill', source: 'openmaptiles', 'source-layer': 'building' },
      ],
    } as StyleSpecification;
    const layer = buildingExtrusion(hosted);
    expect(layer).toMatchObject({
      type: 'fill-extrusion',
      source: 'openmaptiles',
      'source-layer': 'building',
      minzoom: 15,
    });
  });

  it('adds nothing to a style without buildings', () => {
    expect(buildingExtrusion(embedded as unknown as StyleSpecification)).toBeNull();
  });
});
