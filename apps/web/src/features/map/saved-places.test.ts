import { describe, expect, it } from 'vitest';
import type { LocationIndexItem } from '@vt/shared';
import { clusterByPixels, drawnPlaces, itemForHint, savedPlaceLines } from './saved-places';

const item = (over: Partial<LocationIndexItem>): LocationIndexItem => ({
  id: 'i1',
  analysisId: 'a1',
  name: 'Brickell, Miami',
  coordinates: { lat: 25.76, lng: -80.19 },
  hasImage: true,
  thumbnailUrl: null,
  source: 'GPS Metadata',
  status: 'idle',
  confidence: 0.95,
  note: null,
  checkedAt: null,
  processingMs: 400,
  standing: 'located',
  place: { municipality: 'Miami', neighbourhood: 'Brickell', zip: '33131' },
  radiusMeters: 10,
  duplicateOf: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('clusterByPixels', () => {
  it('keeps points apart that do not overlap and groups those that do, at their mean', () => {
    const clusters = clusterByPixels(
      [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 30, y: 0 },
        { id: 'c', x: 200, y: 0 },
      ],
      44,
    );
    expect(clusters).toEqual([
      { ids: ['a', 'b'], x: 15, y: 0 },
      { ids: ['c'], x: 200, y: 0 },
    ]);
  });

  it('measures from the seed, so a chain does not swallow the whole map', () => {
    const chain = Array.from({ length: 5 }, (_, i) => ({ id: String(i), x: i * 30, y: 0 }));
    expect(clusterByPixels(chain, 44).map((c) => c.ids)).toEqual([['0', '1'], ['2', '3'], ['4']]);
  });
});

describe('saved places', () => {
  it('draws located and outside places but not the not-located ones, nor the result already on the map', () => {
    const items = [
      item({ id: 'x', analysisId: 'now' }),
      item({ id: 'y', analysisId: 'b', standing: 'outside' }),
      item({ id: 'z', analysisId: 'c', standing: 'not_located' }),
    ];
    expect(drawnPlaces(items, 'now').map((i) => i.id)).toEqual(['y']);
    expect(drawnPlaces(items, null).map((i) => i.id)).toEqual(['x', 'y']);
  });

  it('finds the item a hint means by analysis, then by spot, else none', () => {
    const items = [
      item({ id: 'x', analysisId: 'a1' }),
      item({ id: 'y', analysisId: 'a2', coordinates: { lat: 25.8, lng: -80.2 } }),
    ];
    expect(itemForHint(items, { id: 'a2', lat: 0, lng: 0 })?.id).toBe('y');
    expect(itemForHint(items, { id: 'gone', lat: 25.80001, lng: -80.2 })?.id).toBe('y');
    expect(itemForHint(items, { id: 'gone', lat: 25.9, lng: -80.2 })).toBeNull();
  });

  it('says what the index knows, and not-located or outside in words', () => {
    expect(savedPlaceLines(item({}))).toEqual({
      standing: '95% confidence · GPS Metadata',
      place: 'Brickell, Miami, 33131',
    });
    expect(
      savedPlaceLines(item({ standing: 'outside', place: null, coordinates: { lat: 40.7128, lng: -74.006 } })),
    ).toEqual({
      standing: 'Outside Miami-Dade, at 40.7128, -74.0060',
      place: null,
    });
    expect(savedPlaceLines(item({ standing: 'not_located', place: null })).standing).toMatch(/^Not located/);
  });
});
