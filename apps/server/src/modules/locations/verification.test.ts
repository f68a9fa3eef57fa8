import { describe, expect, it } from 'vitest';
import { judge, nameWitnesses, producersOf, witnessOf } from './verification';

describe('verification rules', () => {
  it('reads the producing locators from the spec source names', () => {
    expect([...producersOf('GPS Metadata + Text in Photo')]).toEqual(['metadata', 'text']);
    expect([...producersOf('Manual')]).toEqual([]);
  });

  it('a finding agrees when the point is within the larger radius', () => {
    const e = {
      locator: 'text',
      kind: 'position' as const,
      summary: 's',
      position: { lat: 25.77, lng: -80.19 },
      radiusMeters: 350,
      confidence: 0.8,
    };
    expect(witnessOf(e, { lat: 25.7715, lng: -80.19 }, 0)).toMatchObject({
      source: 'Text in Photo',
      agrees: true,
      distanceMeters: 167,
    });
    expect(witnessOf(e, { lat: 25.78, lng: -80.19 }, 0).agrees).toBe(false);
    expect(witnessOf(e, { lat: 25.78, lng: -80.19 }, 2000).agrees).toBe(true);
    expect(
      witnessOf({ locator: 'metadata', kind: 'absent', summary: 'No GPS' }, { lat: 25.78, lng: -80.19 }, 0),
    ).toMatchObject({
      agrees: null,
      distanceMeters: null,
    });
  });

  it('names are checked against the gazetteer; streets and unknown names give no witness', () => {
    expect(nameWitnesses('Vizcaya', { lat: 25.7443, lng: -80.2106 })[0]).toMatchObject({ agrees: true });
    expect(nameWitnesses('Vizcaya', { lat: 25.79, lng: -80.13 })[0]).toMatchObject({ agrees: false });
    expect(nameWitnesses('Lunch with Sam', { lat: 25.79, lng: -80.13 })).toEqual([]);
  });

  it('judges: agreement wins unless a more confident witness disagrees; outside the county contradicts', () => {
    const p = { lat: 25.77, lng: -80.19 };
    const w = (agrees: boolean, confidence: number) => ({
      source: agrees ? 'A' : 'B',
      summary: '',
      distanceMeters: 4000,
      agrees,
      confidence,
    });
    expect(judge([w(true, 0.8), w(false, 0.5)], p, []).outcome).toBe('verified');
    expect(judge([w(true, 0.4), w(false, 0.5)], p, []).outcome).toBe('contradicted');
    expect(judge([], p, ['nothing read']).message).toContain('nothing read');
    expect(judge([w(true, 1)], { lat: 28.54, lng: -81.38 }, []).outcome).toBe('contradicted');
  });
});
