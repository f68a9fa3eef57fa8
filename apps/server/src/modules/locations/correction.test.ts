import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@vt/shared';
import { gridPoint } from '../../engine/geo/grid';
import { correctedResult } from './correction.service';

const corner = gridPoint(-8, 27);
const engine: AnalysisResult = {
  outcome: 'found',
  name: 'South Beach, Miami Beach',
  lat: 25.7907,
  lng: -80.13,
  confidence: 0.6,
  radiusMeters: 500,
  source: 'GPS Metadata',
  insideCoverage: true,
  place: { municipality: 'Miami Beach', neighbourhood: 'South Beach', zip: '33139', nearest: null },
  candidates: [
    {
      lat: 25.7907,
      lng: -80.13,
      probability: 0.6,
      radiusMeters: 500,
      source: 'GPS Metadata',
      label: 'South Beach, Miami Beach',
    },
    {
      lat: corner.lat,
      lng: corner.lng,
      probability: 0.4,
      radiusMeters: 350,
      source: 'Text in Photo',
      label: 'Little Havana, Miami',
    },
  ],
  explanation: ['The photo carries GPS coordinates.'],
};

describe('correctedResult', () => {
  it('picking a candidate puts it first at probability 1 and keeps the others, ruled out', () => {
    const r = correctedResult(engine, corner);
    expect(r).toMatchObject({
      outcome: 'found',
      lat: corner.lat,
      lng: corner.lng,
      confidence: 1,
      radiusMeters: null,
      source: 'User Confirmed',
    });
    expect(r.candidates).toHaveLength(2);
    expect(r.candidates[0]).toMatchObject({ lat: corner.lat, probability: 1, source: 'User Confirmed' });
    expect(r.candidates[1]).toMatchObject({ lat: 25.7907, probability: 0, source: 'GPS Metadata' });
    expect(r.place?.municipality).toBe('Miami');
    expect(r.name).not.toBe(engine.name);
    expect(r.explanation).toHaveLength(2);
  });

  it('a dragged point that is no candidate becomes the first one; all five-at-most stay', () => {
    const r = correctedResult(engine, { lat: 25.77, lng: -80.19 });
    expect(r.candidates.map((c) => c.probability)).toEqual([1, 0, 0]);
  });
});
