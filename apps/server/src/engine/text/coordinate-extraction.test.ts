import { describe, expect, it } from 'vitest';
import { getPlace } from '../geo/gazetteer';
import {
  extractCoordinates,
  extractLocationName,
  inMiamiDadeBox,
  normaliseForCoordinates,
  type ExtractionStep,
} from './coordinate-extraction';

const at = (id: string) => getPlace(id)!.position;
const MONASTERY = at('ancient-spanish-monastery');
const MIAMI_BEACH = at('miami-beach');
const DOWNTOWN = at('downtown-miami');
const BILTMORE = at('biltmore-hotel');
const CENTRAL = { lat: 25.7617, lng: -80.1918 };

interface Case {
  name: string;
  text: string;
  step: ExtractionStep;
  lat: number;
  lng: number;
}

// prettier-ignore
const cases: Case[] = [
  // Step 1: the exact line.
  { name: 'exact line', text: 'The photo shows a street.\nCoordinates: 25.7617, -80.1918\nConfidence: high', step: 'exact-coordinates-line', lat: 25.7617, lng: -80.1918 },
  { name: 'exact line without space after comma', text: 'Coordinates: 25.9305,-80.1617', step: 'exact-coordinates-line', lat: 25.9305, lng: -80.1617 },
  { name: 'exact line wins over an earlier labelled pair', text: 'GPS: 25.80, -80.20\nCoordinates: 25.7214, -80.2793', step: 'exact-coordinates-line', lat: 25.7214, lng: -80.2793 },
  { name: 'out-of-box exact line is skipped for a later in-box pair', text: 'Coordinates: 40.7128, -74.0060\nAlternatively (25.7907, -80.1300)', step: 'labelled-pattern', lat: 25.7907, lng: -80.13 },
  // Step 2: labelled and structured patterns.
  { name: 'bold markdown label', text: '**Coordinates:** 25.7743, -80.1937', step: 'labelled-pattern', lat: 25.7743, lng: -80.1937 },
  { name: 'lower-case coordinates label inside a sentence', text: 'My best guess for the coordinates: 25.8010, -80.1994 in Wynwood.', step: 'labelled-pattern', lat: 25.801, lng: -80.1994 },
  { name: 'GPS label', text: 'GPS: 25.6665 -80.1557', step: 'labelled-pattern', lat: 25.6665, lng: -80.1557 },
  { name: 'Location label with a pair', text: 'Location = 25.7656, -80.2196 (Domino Park)', step: 'labelled-pattern', lat: 25.7656, lng: -80.2196 },
  { name: 'separate latitude and longitude labels', text: 'Latitude: 25.7443\nLongitude: -80.2106', step: 'labelled-pattern', lat: 25.7443, lng: -80.2106 },
  { name: 'hemisphere letters, no minus sign', text: 'It is at 25.77 N, 80.19 W near the river.', step: 'labelled-pattern', lat: 25.77, lng: -80.19 },
  { name: 'degree signs with hemispheres', text: 'Position 25.7907° N, 80.1300° W', step: 'labelled-pattern', lat: 25.7907, lng: -80.13 },
  { name: 'longitude first with hemispheres', text: 'at 80.1918° W, 25.7617° N', step: 'labelled-pattern', lat: 25.7617, lng: -80.1918 },
  { name: 'degrees minutes seconds', text: 'The spot is 25°46\'26"N 80°11\'37"W.', step: 'labelled-pattern', lat: 25 + 46 / 60 + 26 / 3600, lng: -(80 + 11 / 60 + 37 / 3600) },
  { name: 'degrees decimal minutes', text: "25°46.44'N, 80°11.62'W", step: 'labelled-pattern', lat: 25 + 46.44 / 60, lng: -(80 + 11.62 / 60) },
  { name: 'hemisphere first, receiver style', text: "Waypoint N25°46.440' W080°11.620'", step: 'labelled-pattern', lat: 25 + 46.44 / 60, lng: -(80 + 11.62 / 60) },
  { name: 'hemisphere first, decimal', text: 'Fix: N 25.7743 W 80.1937', step: 'labelled-pattern', lat: 25.7743, lng: -80.1937 },
  { name: 'exact line with a trailing period falls to the labelled step', text: 'Coordinates: 25.7617, -80.1918.', step: 'labelled-pattern', lat: 25.7617, lng: -80.1918 },
  { name: 'bare bracketed pair', text: 'I think it is (25.7781, -80.2196), the ballpark.', step: 'labelled-pattern', lat: 25.7781, lng: -80.2196 },
  { name: 'GeoJSON order in brackets is swapped', text: '"coordinates": [-80.1418, 25.7603]', step: 'labelled-pattern', lat: 25.7603, lng: -80.1418 },
  { name: 'wrong hemisphere is rejected, later pair used', text: 'Coordinates: 25.77 S, 80.19 W. Maybe (25.9565, -80.1425).', step: 'labelled-pattern', lat: 25.9565, lng: -80.1425 },
  // Step 3: normalised text.
  { name: 'unicode minus sign', text: 'Roughly 25.7617, \u221280.1918 by my estimate', step: 'normalised-loose', lat: 25.7617, lng: -80.1918 },
  { name: 'decimal commas with semicolon', text: 'Ubicación aproximada 25,7617; -80,1918', step: 'normalised-loose', lat: 25.7617, lng: -80.1918 },
  { name: 'markdown-broken pair', text: 'answer: 25.6898 *-80.3130*', step: 'normalised-loose', lat: 25.6898, lng: -80.313 },
  { name: 'en dash as minus', text: 'place 25.4516 \u201380.4088 speedway', step: 'normalised-loose', lat: 25.4516, lng: -80.4088 },
  // Step 4: looser lat … lon on raw text.
  { name: 'latitude of … longitude of', text: 'a latitude of roughly 25.958 and a longitude of about -80.2389', step: 'raw-loose', lat: 25.958, lng: -80.2389 },
  { name: 'lon before lat', text: 'lon is -80.1651 while lat reads 25.7346', step: 'raw-loose', lat: 25.7346, lng: -80.1651 },
  // Step 5: nearby numbers in range.
  { name: 'numbers separated by words', text: 'I estimate 25.69 degrees and then -80.16 for the island', step: 'nearby-numbers', lat: 25.69, lng: -80.16 },
  { name: 'integer-looking noise before the pair is skipped', text: 'Built in 1925, about 12 floors; estimate 25.78 then -80.19 approximately', step: 'nearby-numbers', lat: 25.78, lng: -80.19 },
  // Step 6: keywords, in the spec's order.
  { name: 'monastery keyword', text: 'This looks like an old monastery cloister.', step: 'keyword-fallback', ...MONASTERY },
  { name: 'spanish keyword', text: 'Spanish architecture with stone arches.', step: 'keyword-fallback', ...MONASTERY },
  { name: 'beach keyword', text: 'A sandy beach with lifeguard towers.', step: 'keyword-fallback', ...MIAMI_BEACH },
  { name: 'ocean keyword', text: 'Waves of the ocean at sunset.', step: 'keyword-fallback', ...MIAMI_BEACH },
  { name: 'skyline keyword', text: 'A glass skyline at dusk.', step: 'keyword-fallback', ...DOWNTOWN },
  { name: 'coral gables keyword', text: 'Mediterranean Revival homes in Coral Gables.', step: 'keyword-fallback', ...BILTMORE },
  { name: 'biltmore keyword', text: 'The Biltmore tower rises over the golf course.', step: 'keyword-fallback', ...BILTMORE },
  { name: 'earlier keyword group wins (ancient before beach)', text: 'An ancient wall by the beach.', step: 'keyword-fallback', ...MONASTERY },
  { name: 'beach group wins over downtown group', text: 'Downtown towers seen across the water.', step: 'keyword-fallback', ...MIAMI_BEACH },
  // Step 7: the landmark table.
  { name: 'landmark name', text: 'Clearly Vizcaya, with its gardens.', step: 'landmark-table', ...at('vizcaya') },
  { name: 'Spanish alias of a landmark', text: 'Es la Torre de la Libertad.', step: 'landmark-table', ...at('freedom-tower') },
  { name: 'keywords beat the landmark table', text: 'The Wynwood Walls murals next to a tall building.', step: 'keyword-fallback', ...DOWNTOWN },
  // Default.
  { name: 'nothing useful', text: 'I cannot tell where this is.', step: 'default-central-miami', ...CENTRAL },
  { name: 'empty', text: '', step: 'default-central-miami', ...CENTRAL },
  { name: 'positive longitude without hemisphere is not flipped', text: 'Coordinates: 25.77, 80.19', step: 'default-central-miami', ...CENTRAL },
  { name: 'New York coordinates only', text: 'GPS: 40.7128, -74.0060', step: 'default-central-miami', ...CENTRAL },
];

describe('extractCoordinates: table', () => {
  it('has 30+ cases', () => expect(cases.length).toBeGreaterThanOrEqual(30));

  it.each(cases)('$name → $step', ({ text, step, lat, lng }) => {
    const r = extractCoordinates(text);
    expect(r.step).toBe(step);
    expect(r.lat).toBeCloseTo(lat, 6);
    expect(r.lng).toBeCloseTo(lng, 6);
    expect(inMiamiDadeBox(r.lat, r.lng)).toBe(true);
  });
});

describe('extractCoordinates: details', () => {
  it('reports the matched text and that numbers were found', () => {
    const r = extractCoordinates('Result\nCoordinates: 25.7617, -80.1918');
    expect(r.matchedText).toBe('Coordinates: 25.7617, -80.1918');
    expect(r.fromNumbers).toBe(true);
  });

  it('lists stated coordinates outside the box so a caller can say "outside coverage"', () => {
    const r = extractCoordinates('Coordinates: 40.7128, -74.0060');
    expect(r.fromNumbers).toBe(false);
    expect(r.outOfBox[0]).toMatchObject({ lat: 40.7128, lng: -74.006, step: 'exact-coordinates-line' });
  });

  it('accepts the box edges and nothing beyond', () => {
    expect(extractCoordinates('Coordinates: 25.0000, -80.0000').step).toBe('exact-coordinates-line');
    expect(extractCoordinates('Coordinates: 26.5000, -80.9000').step).toBe('exact-coordinates-line');
    expect(extractCoordinates('Coordinates: 24.9999, -80.5000').fromNumbers).toBe(false);
    expect(extractCoordinates('Coordinates: 25.5000, -80.9001').fromNumbers).toBe(false);
  });

  it('marks a swapped pair', () => {
    expect(extractCoordinates('[-80.1418, 25.7603]').swapped).toBe(true);
  });

  it('returns the keyword place id', () => {
    expect(extractCoordinates('a monastery').placeId).toBe('ancient-spanish-monastery');
  });

  it('never throws on odd input', () => {
    for (const t of [null, undefined, '°°°', '-'.repeat(10_000), '1.2.3.4, 5.6.7', 'lat lon lat lon', '((((']) {
      expect(() => extractCoordinates(t as string)).not.toThrow();
    }
  });

  it('stays fast on adversarial text', () => {
    const text = 'lat lon latitude 25.5 N, 181 W, (-80 ; 26 ° ° \' " lng 12.25 '.repeat(4000);
    const t0 = performance.now();
    extractCoordinates(text);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('handles a long answer quickly', () => {
    const text = `${'Some words 12.5 and 99 here. '.repeat(2000)}\nCoordinates: 25.7617, -80.1918`;
    const t0 = performance.now();
    expect(extractCoordinates(text).step).toBe('exact-coordinates-line');
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

describe('location name', () => {
  it.each([
    ['Location: Little Havana, Miami\nCoordinates: 25.7656, -80.2196', 'Little Havana, Miami', 'label'],
    ['**Neighborhood:** Brickell', 'Brickell', 'label'],
    ['Neighbourhood: Coconut Grove.', 'Coconut Grove', 'label'],
    ['Place: Bayfront Park', 'Bayfront Park', 'label'],
    ['Location: Brickell (25.7617, -80.1918)', 'Brickell', 'label'],
    ['Location: Brickell Key - 25.7680, -80.1860', 'Brickell Key', 'label'],
    ['Location: Coral Gables at 25.7496 N, 80.2621 W', 'Coral Gables', 'label'],
    ['Location: 25.7656, -80.2196\nThis is Domino Park on Calle Ocho', 'Máximo Gómez Park', 'landmark'],
    ['A view of Miami Beach from South Pointe', 'South Pointe Park', 'landmark'],
    ['The downtown skyline', 'Downtown', 'landmark'],
    ['sandy shore and ocean', 'Miami Beach', 'keyword'],
  ])('%s → %s', (text, name, source) => {
    expect(extractLocationName(text)).toEqual({ name, source });
  });

  it('is null when nothing is named', () => {
    expect(extractLocationName('no idea')).toBeNull();
  });

  it('is returned with the coordinates', () => {
    const r = extractCoordinates('Location: Wynwood\nCoordinates: 25.8010, -80.1994');
    expect(r.locationName).toBe('Wynwood');
    expect(r.locationNameSource).toBe('label');
  });
});

describe('normaliseForCoordinates', () => {
  it('maps unicode look-alikes to ASCII', () => {
    expect(normaliseForCoordinates('25º46′ \u221280˚ **x**')).toBe("25°46' -80° x ");
  });
});
