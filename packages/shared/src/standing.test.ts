import { describe, expect, it } from 'vitest';
import { isLegibleLine, outsideCoverageName, standingOf, standingOfOutcome } from './standing';

describe('standing of a saved place', () => {
  it('reads the outcome when there is one', () => {
    expect(standingOfOutcome('found')).toBe('located');
    expect(standingOfOutcome('outside_coverage')).toBe('outside');
    for (const o of ['fallback', 'failed', 'error'] as const) expect(standingOfOutcome(o)).toBe('not_located');
  });

  it('reads the spec source names and the engine name of a place outside the county', () => {
    expect(standingOf({ source: 'Fallback', name: 'Miami (General Miami Area)' })).toBe('not_located');
    expect(standingOf({ source: 'Default Location', name: 'Analysis Failed: a.jpg (Default Miami)' })).toBe(
      'not_located',
    );
    expect(standingOf({ source: 'Error Fallback', name: 'Error: a.jpg (Default Miami)' })).toBe('not_located');
    expect(standingOf({ source: 'GPS Metadata', name: outsideCoverageName({ lat: 40.7128, lng: -74.006 }) })).toBe(
      'outside',
    );
    expect(standingOf({ source: 'GPS Metadata', name: 'Brickell, Miami' })).toBe('located');
    expect(standingOf({ source: 'Manual', name: 'Home' })).toBe('located');
  });
});

describe('legible lines', () => {
  it('keeps words read with confidence and drops noise', () => {
    expect(isLegibleLine({ text: 'SW 8th St', confidence: 93 })).toBe(true);
    expect(isLegibleLine({ text: 'BAYSIDE', confidence: 88 })).toBe(true);
    expect(isLegibleLine({ text: 'BAYSIDE', confidence: 41 })).toBe(false);
    expect(isLegibleLine({ text: 'ga Lr | A fics E +', confidence: 85 })).toBe(false);
    expect(isLegibleLine({ text: 'Lr', confidence: 99 })).toBe(false);
    expect(isLegibleLine({ text: '|||', confidence: 99 })).toBe(false);
  });
});
