import { describe, expect, it } from 'vitest';
import type { Evidence } from '@vt/shared';
import { errorResult, failedResult, fallbackResult, fuse } from './fuse';
import { describePlace, placeName } from './place';

const deps = { describePlace, placeName };
const gps = (lat: number, lng: number, confidence: number, kind: Evidence['kind'] = 'position'): Evidence => ({
  locator: 'metadata',
  kind,
  summary: `GPS at ${lat}, ${lng}`,
  position: { lat, lng },
  radiusMeters: 10,
  confidence,
});

const ev = (locator: string, lat: number, lng: number, radiusMeters: number, confidence: number): Evidence => ({
  locator,
  kind: 'position',
  summary: `${locator} at ${lat}, ${lng}`,
  position: { lat, lng },
  radiusMeters,
  confidence,
});

describe('fuse', () => {
  it('no evidence → the spec fallback: central Miami, (General Miami Area), Fallback, 0.3', () => {
    const r = fuse([], deps);
    expect(r).toMatchObject({
      outcome: 'fallback',
      lat: 25.7617,
      lng: -80.1918,
      confidence: 0.3,
      source: 'Fallback',
      name: 'Miami (General Miami Area)',
    });
    expect(r.candidates).toEqual([]);
  });

  it('rejected evidence only → fallback that still cites why', () => {
    const r = fuse(
      [{ locator: 'metadata', kind: 'rejected', reason: 'null-island', summary: 'The GPS was 0,0.' }],
      deps,
    );
    expect(r.outcome).toBe('fallback');
    expect(r.explanation[0]).toBe('The GPS was 0,0.');
  });

  it('one finding keeps its own confidence: nothing else agrees or competes', () => {
    const r = fuse([gps(25.7907, -80.13, 0.95)], deps);
    expect(r).toMatchObject({
      outcome: 'found',
      confidence: 0.95,
      radiusMeters: 10,
      source: 'GPS Metadata',
      insideCoverage: true,
    });
  });

  it('findings that disagree compete: ranked, at most five, probabilities scaled to sum to one', () => {
    const evidence = [0.2, 0.9, 0.5, 0.1, 0.3, 0.4].map((c, i) => gps(25.7 + i * 0.01, -80.2, c));
    const r = fuse(evidence, deps);
    expect(r.outcome).toBe('found');
    expect(r.lat).toBeCloseTo(25.71, 5);
    const p = r.candidates.map((c) => c.probability);
    expect(p).toHaveLength(5);
    expect([...p].sort((a, b) => b - a)).toEqual(p);
    expect(p[0]).toBeCloseTo(0.9 / 2.4, 3);
    expect(r.confidence).toBe(p[0]);
    expect(r.explanation.some((e) => e.startsWith('Other evidence points elsewhere'))).toBe(true);
  });

  it('locators that agree raise the confidence; the most specific one gives the point and the radius', () => {
    const text = ev('text', 25.7656, -80.2376, 300, 0.7);
    const model = ev('vision-model', 25.767, -80.236, 1000, 0.5);
    const r = fuse([text, model], deps);
    expect(r.lat).toBe(25.7656);
    expect(r.radiusMeters).toBe(300);
    // 1 − (1 − 0.7) × (1 − 0.5 × 0.5): the model's 1 km is broader than 3 × 300 m, so it counts half.
    expect(r.confidence).toBeCloseTo(1 - 0.3 * 0.75, 3);
    expect(r.source).toBe('Text in Photo + Vision Model');
    expect(r.candidates).toHaveLength(1);
  });

  it('findings of one locator count once: the locator already combined them', () => {
    const r = fuse([ev('text', 25.7656, -80.2376, 350, 0.7), ev('text', 25.766, -80.238, 1500, 0.4)], deps);
    expect(r.confidence).toBe(0.7);
  });

  it('a vague finding weaker than the prior is the fallback, and stays a candidate', () => {
    const r = fuse([ev('vision-model', 25.79, -80.13, 5000, 0.09)], deps);
    expect(r).toMatchObject({
      outcome: 'fallback',
      source: 'Fallback',
      confidence: 0.3,
      name: 'Miami (General Miami Area)',
    });
    expect(r.candidates).toHaveLength(1);
    expect(r.candidates[0]).toMatchObject({ probability: 0.09, radiusMeters: 5000 });
  });

  it('a precise finding stays found even when weak: it says where, just not surely', () => {
    const r = fuse([ev('text', 25.7656, -80.2376, 350, 0.2)], deps);
    expect(r).toMatchObject({ outcome: 'found', confidence: 0.2, radiusMeters: 350 });
  });

  it('a place in the county gets a name from the gazetteer', () => {
    const r = fuse([gps(25.7496, -80.2621, 0.95)], deps); // Coral Gables city hall
    expect(r.place?.municipality).toBe('Coral Gables');
    expect(r.name).toContain('Coral Gables');
  });

  it('outside coverage keeps the real place and says so', () => {
    const r = fuse([gps(39.05, -94.29, 0.95, 'outside_coverage')], deps);
    expect(r).toMatchObject({
      outcome: 'outside_coverage',
      insideCoverage: false,
      lat: 39.05,
      lng: -94.29,
      place: null,
    });
    expect(r.name).toBe('Outside Miami-Dade coverage (39.0500, -94.2900)');
  });

  it('the spec names of the other outcomes', () => {
    expect(fallbackResult('Brickell').name).toBe('Brickell (General Miami Area)');
    expect(failedResult('a.jpg', 'x')).toMatchObject({
      name: 'Analysis Failed: a.jpg (Default Miami)',
      source: 'Default Location',
      confidence: 0.1,
      outcome: 'failed',
    });
    expect(errorResult('a.jpg', 'x')).toMatchObject({
      name: 'Error: a.jpg (Default Miami)',
      source: 'Error Fallback',
      confidence: 0.1,
      outcome: 'error',
    });
  });
});
