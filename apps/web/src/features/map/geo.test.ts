import { describe, expect, it } from 'vitest';
import type { LocationIndexItem } from '@vt/shared';
import {
  spotOffset,
  circlePolygon,
  compareLinks,
  describeResult,
  haversineMeters,
  indexExport,
  indexCsv,
  indexGeoJson,
  streetLines,
  streetsReadAlone,
  statusBadge,
  displayStatus,
  formatProcessingTime,
  truncateName,
  visibleItems,
} from './geo';

describe('circlePolygon', () => {
  it('draws a closed ring whose every point lies at the radius', () => {
    const f = circlePolygon(25.79, -80.13, 250, 32);
    const ring = f.geometry.coordinates[0]!;
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const [lng, lat] of ring)
      expect(haversineMeters({ lat: 25.79, lng: -80.13 }, { lat, lng })).toBeCloseTo(250, 0);
  });
});

describe('truncateName', () => {
  it('keeps names within the limit and cuts longer ones with an ellipsis to exactly the limit', () => {
    expect(truncateName('South Beach', 20)).toBe('South Beach');
    expect(truncateName('12345678901234567890', 20)).toBe('12345678901234567890');
    const cut = truncateName('Analysis Failed: IMG_0001.jpg (Default Miami)', 20);
    expect(Array.from(cut)).toHaveLength(20);
    expect(cut.endsWith('…')).toBe(true);
    expect(Array.from(truncateName('x'.repeat(50), 40))).toHaveLength(40);
  });
});

describe('visibleItems', () => {
  const items = Array.from({ length: 8 }, (_, i) => i);
  it('shows the first 5 with the rest counted while collapsed, everything when expanded', () => {
    expect(visibleItems(items, false)).toEqual({ shown: [0, 1, 2, 3, 4], more: 3 });
    expect(visibleItems(items, true)).toEqual({ shown: items, more: 0 });
    expect(visibleItems([1, 2], false)).toEqual({ shown: [1, 2], more: 0 });
  });
});

describe('status transitions while a check runs', () => {
  it('a running Verify or Reevaluate reads as verifying/reevaluating (badge ...), then the stored status shows', () => {
    expect(displayStatus('idle', 'verify')).toBe('verifying');
    expect(displayStatus('verified', 'reevaluate')).toBe('reevaluating');
    expect(statusBadge(displayStatus('idle', 'verify'), 2)).toBe('...');
    expect(displayStatus('verified', undefined)).toBe('verified');
    expect(statusBadge(displayStatus('error', undefined), 2)).toBe('ERR');
  });
  it('formats processing time', () => {
    expect(formatProcessingTime(840.4)).toBe('840 ms');
    expect(formatProcessingTime(2430)).toBe('2.4 s');
  });
});

describe('statusBadge', () => {
  it('maps every status to the spec badge', () => {
    expect(statusBadge('idle', 3)).toBe('3');
    expect(statusBadge('verifying', 3)).toBe('...');
    expect(statusBadge('reevaluating', 3)).toBe('...');
    expect(statusBadge('verified', 3)).toBe('OK');
    expect(statusBadge('reevaluated', 3)).toBe('UP');
    expect(statusBadge('error', 3)).toBe('ERR');
  });
});

describe('compareLinks', () => {
  it('gives the four services for the point, with the coordinates in each', () => {
    const links = compareLinks(25.790654, -80.130045);
    expect(links.map((l) => l.label)).toEqual(['Google Maps', 'Street View', 'Satellite', 'OpenStreetMap']);
    for (const l of links) {
      expect(l.href).toMatch(/^https:\/\//);
      expect(l.href).toContain('25.790654');
      expect(l.href).toContain('-80.130045');
    }
  });
});

describe('describeResult', () => {
  it('cites the place and the position evidence', () => {
    const text = describeResult(
      {
        outcome: 'found',
        name: 'South Beach',
        lat: 25.79,
        lng: -80.13,
        confidence: 0.97,
        radiusMeters: 10,
        source: 'GPS Metadata',
        insideCoverage: true,
        place: { municipality: 'Miami Beach', neighbourhood: 'South Beach', zip: '33139', nearest: null },
        candidates: [],
        explanation: ['Fallback sentence'],
      },
      [{ locator: 'metadata', kind: 'position', summary: 'The photo carries GPS coordinates.' }],
    );
    expect(text).toBe('South Beach, Miami Beach, 33139. The photo carries GPS coordinates.');
  });
});

describe('index export', () => {
  const item: LocationIndexItem = {
    id: 'a1',
    analysisId: null,
    name: 'Brickell',
    coordinates: { lat: 25.761712345, lng: -80.19 },
    hasImage: false,
    thumbnailUrl: null,
    source: 'Manual',
    status: 'idle',
    confidence: 0.8,
    note: null,
    checkedAt: null,
    processingMs: null,
    standing: 'located',
    place: { municipality: 'Miami', neighbourhood: 'Brickell', zip: '33131' },
    radiusMeters: null,
    duplicateOf: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('writes JSON with [lat, lng] to 6 decimals, the place parts and the count', () => {
    const doc = indexExport([item], new Date('2026-02-01T00:00:00Z'));
    expect(doc).toEqual({
      exportedAt: '2026-02-01T00:00:00.000Z',
      count: 1,
      locations: [
        {
          id: 'a1',
          name: 'Brickell',
          coordinates: [25.761712, -80.19],
          confidence: 0.8,
          located: 'yes',
          municipality: 'Miami',
          neighbourhood: 'Brickell',
          zip: '33131',
          source: 'Manual',
          status: 'idle',
          hasImage: false,
          timestamp: '2026-01-01T00:00:00.000Z',
          analysisId: null,
          duplicateOf: null,
        },
      ],
    });
  });

  it('writes CSV with a header, quotes what needs quoting and defuses formulas', () => {
    const tricky: LocationIndexItem = {
      ...item,
      id: 'b2',
      name: '=HYPERLINK("x"), "Calle Ocho"',
      standing: 'not_located',
      place: null,
      source: 'Fallback',
    };
    const lines = indexCsv([item, tricky]).split('\r\n');
    expect(lines[0]).toBe(
      'id,name,lat,lng,confidence,located,municipality,neighbourhood,zip,source,status,hasImage,timestamp,analysisId,duplicateOf',
    );
    expect(lines[1]).toBe(
      'a1,Brickell,25.761712,-80.19,0.8,yes,Miami,Brickell,33131,Manual,idle,false,2026-01-01T00:00:00.000Z,,',
    );
    expect(lines[2]).toBe(
      'b2,"\'=HYPERLINK(""x""), ""Calle Ocho""",25.761712,-80.19,0.8,not located,,,,Fallback,idle,false,2026-01-01T00:00:00.000Z,,',
    );
    expect(lines[3]).toBe('');
  });

  it('writes GeoJSON points in [lng, lat] order', () => {
    const fc = indexGeoJson([item]);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [-80.19, 25.761712] });
    expect(fc.features[0]!.properties).toMatchObject({ name: 'Brickell', municipality: 'Miami', zip: '33131' });
  });
});

describe('streetLines', () => {
  const base = {
    outcome: 'found' as const,
    name: 'Little Havana, Miami',
    lat: 25.766,
    lng: -80.2388,
    confidence: 0.9,
    radiusMeters: 350,
    source: 'Text in Photo',
    insideCoverage: true,
    place: null,
    candidates: [],
    explanation: [],
  };
  const sign = (label: string, kind = 'intersection') => ({
    locator: 'text',
    kind: 'position' as const,
    summary: 'corner',
    position: { lat: 25.766, lng: -80.2388 },
    radiusMeters: 350,
    details: { matches: [{ kind, label, lines: [0, 1] }] },
  });

  it('draws the street east–west and the avenue north–south through the corner, labelled', () => {
    const lines = streetLines(base, [sign('SW 8 St & SW 27 Ave')]);
    expect(lines.map((l) => l.label)).toEqual(['SW 8 St', 'SW 27 Ave']);
    const [street, avenue] = lines;
    expect(street!.coordinates[0]![1]).toBe(25.766);
    expect(street!.coordinates[1]![1]).toBe(25.766);
    expect(street!.coordinates[0]![0]).toBeLessThan(-80.2388);
    expect(avenue!.coordinates[0]![0]).toBe(-80.2388);
    expect(avenue!.coordinates[1]![0]).toBe(-80.2388);
  });

  it('draws nothing for another kind of match, another outcome, or evidence elsewhere', () => {
    expect(streetLines(base, [sign('2700 block of SW 8 St', 'block')])).toEqual([]);
    expect(streetLines({ ...base, outcome: 'fallback' }, [sign('SW 8 St & SW 27 Ave')])).toEqual([]);
    expect(streetLines({ ...base, lat: 25.9 }, [sign('SW 8 St & SW 27 Ave')])).toEqual([]);
    expect(streetLines(base, [])).toEqual([]);
  });
});

describe('streetsReadAlone', () => {
  const alone = (kind: string, path?: [number, number][]) => ({
    locator: 'text',
    kind: 'absent' as const,
    summary: 'street alone',
    details: { matches: [], hints: [{ kind, label: 'SW 8 St', lines: [0], ...(path ? { path } : {}) }] },
  });
  const course: [number, number][] = [
    [-80.85, 25.766],
    [-80.19, 25.766],
  ];

  it('draws a street read alone along its course through the county', () => {
    expect(streetsReadAlone([alone('street', course)])).toEqual([{ label: 'SW 8 St', coordinates: course }]);
  });

  it('draws nothing for other hints, a street without a course, or other locators', () => {
    expect(streetsReadAlone([alone('area-code', course)])).toEqual([]);
    expect(streetsReadAlone([alone('street')])).toEqual([]);
    expect(streetsReadAlone([{ ...alone('street', course), locator: 'vision' }])).toEqual([]);
  });
});

describe('spotOffset', () => {
  it('puts the spot a share of the height below the centre when nothing covers the top', () => {
    expect(spotOffset(900, 0)).toBe(198);
  });
  it('goes lower on a phone, so the popup opens under the analyse panel, and stays 48 px off the bottom', () => {
    // 844 px tall, the panel's bottom at 250: the popup (about 390 px) above the spot clears it.
    const below = spotOffset(844, 250);
    expect(844 / 2 + below - 390 - 32).toBeGreaterThanOrEqual(250);
    expect(spotOffset(600, 400)).toBe(600 / 2 - 48);
  });
});
