import { describe, expect, it } from 'vitest';
import { isInMiamiDade } from './county';
import { containsPoint, distanceToPolygonsMeters } from './geometry';
import { findPlaceByName, findPlacesInText, GAZETTEER, getPlace, MUNICIPALITIES, UNINCORPORATED } from './gazetteer';
import { loadHighResCounty, loadTigerPlaces, loadZillowNeighbourhoods } from '../test/shared-geodata';

// Boundary files are coarse or land-clipped along the coast; a point this close to a boundary still counts.
const TOLERANCE_M = 150;

const places = loadTigerPlaces();
const incorporated = places.filter((p) => p.incorporated);
const zillow = loadZillowNeighbourhoods();
const county = loadHighResCounty();

function describeWhere(lat: number, lng: number): string {
  const inside = places.filter((p) => containsPoint(p.index, lng, lat)).map((p) => p.name);
  return inside.length ? inside.join(', ') : '(no TIGER place)';
}

describe('gazetteer data', () => {
  it('has at least 120 entries with unique ids and sane coordinates', () => {
    expect(GAZETTEER.length).toBeGreaterThanOrEqual(120);
    expect(new Set(GAZETTEER.map((e) => e.id)).size).toBe(GAZETTEER.length);
    for (const e of GAZETTEER) {
      expect(e.position.lat, e.id).toBeGreaterThan(25.1);
      expect(e.position.lat, e.id).toBeLessThan(26.0);
      expect(e.position.lng, e.id).toBeGreaterThan(-80.9);
      expect(e.position.lng, e.id).toBeLessThan(-80.1);
    }
  });

  it('has a centre for every one of the 34 municipalities, and the TIGER file agrees on the list', () => {
    expect(MUNICIPALITIES).toHaveLength(34);
    for (const m of MUNICIPALITIES) {
      expect(
        GAZETTEER.some((e) => e.kind === 'municipality-centre' && e.municipality === m),
        m,
      ).toBe(true);
    }
    expect(incorporated.map((p) => p.name).sort()).toEqual([...MUNICIPALITIES].sort());
  });

  it('places every incorporated entry inside the TIGER polygon of its municipality', () => {
    const wrong: string[] = [];
    for (const e of GAZETTEER.filter((x) => x.municipality !== UNINCORPORATED)) {
      const { lat, lng } = e.position;
      const area = incorporated.find((p) => p.name === e.municipality);
      if (!area) {
        wrong.push(`${e.id}: no polygon for ${e.municipality}`);
        continue;
      }
      if (containsPoint(area.index, lng, lat)) continue;
      const near = distanceToPolygonsMeters(area.index, lng, lat) <= TOLERANCE_M;
      const inOther = incorporated.some((p) => p !== area && containsPoint(p.index, lng, lat));
      if (!near || inOther) wrong.push(`${e.id} claims ${e.municipality}, lies in ${describeWhere(lat, lng)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('places every unincorporated entry in the county and in no municipality', () => {
    const wrong: string[] = [];
    for (const e of GAZETTEER.filter((x) => x.municipality === UNINCORPORATED)) {
      const { lat, lng } = e.position;
      // The land-clipped county file misses beaches and islands; the county module's coastal rules cover them.
      const inCounty =
        containsPoint(county, lng, lat) ||
        distanceToPolygonsMeters(county, lng, lat) <= TOLERANCE_M ||
        isInMiamiDade(e.position);
      const inside = incorporated.filter(
        (p) => containsPoint(p.index, lng, lat) && distanceToPolygonsMeters(p.index, lng, lat) > TOLERANCE_M,
      );
      if (!inCounty || inside.length) wrong.push(`${e.id}: county=${inCounty}, lies in ${describeWhere(lat, lng)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('places unincorporated-place entries inside the TIGER CDP of the same name where one exists', () => {
    const wrong: string[] = [];
    for (const e of GAZETTEER.filter((x) => x.kind === 'unincorporated-place')) {
      const cdp = places.find((p) => !p.incorporated && [e.name, ...e.aliases].includes(p.name));
      if (cdp && !containsPoint(cdp.index, e.position.lng, e.position.lat))
        wrong.push(`${e.id}: lies in ${describeWhere(e.position.lat, e.position.lng)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('places City of Miami neighbourhoods inside the Zillow polygon of the same name', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const e of GAZETTEER.filter((x) => x.kind === 'neighbourhood' && x.municipality === 'Miami')) {
      const poly = zillow.find((z) => z.name === e.name);
      if (!poly) continue;
      checked++;
      if (!containsPoint(poly.index, e.position.lng, e.position.lat)) {
        const actual = zillow.filter((z) => containsPoint(z.index, e.position.lng, e.position.lat)).map((z) => z.name);
        wrong.push(`${e.id}: lies in ${actual.join(', ') || 'no Zillow polygon'}`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(12);
    expect(wrong).toEqual([]);
  });

  it('includes the spec keyword places', () => {
    for (const id of ['ancient-spanish-monastery', 'miami-beach', 'downtown-miami', 'coral-gables', 'biltmore-hotel']) {
      expect(getPlace(id), id).toBeDefined();
    }
  });
});

describe('name lookup', () => {
  it.each([
    ['Vizcaya', 'vizcaya'],
    ['perez art museum', 'perez-art-museum'],
    ['PÉREZ ART MUSEUM MIAMI', 'perez-art-museum'],
    ['La Pequeña Habana', 'little-havana'],
    ['Pequena Habana', 'little-havana'],
    ['Domino Park', 'domino-park'],
    ['MIA', 'miami-international-airport'],
    ['Cape Florida', 'cape-florida'],
    ['north miami beach', 'north-miami-beach'],
    // Names that photographs of the county's landmarks show on their own (the hotels' neon, a theatre's marquee).
    ['PARK CENTRAL', 'park-central-hotel'],
    ['Avalon Hotel', 'avalon-hotel'],
    ['Colony Hotel', 'colony-hotel'],
    ['Breakwater Hotel', 'breakwater-hotel'],
    ['CLEVELANDER', 'clevelander'],
    ['Versace Mansion', 'versace-mansion'],
    ['Tides Hotel', 'tides-hotel'],
    ['THE CARLYLE', 'carlyle-hotel'],
    ['CARDOZO', 'cardozo-hotel'],
    ['NEW WORLD CENTER', 'new-world-center'],
    ['Jackie Gleason Theater', 'fillmore-miami-beach'],
    ['Colony Theatre', 'colony-theatre'],
    ['The Wolfsonian', 'wolfsonian'],
    ['Olympia Theater', 'olympia-theater'],
    ['HistoryMiami Museum', 'historymiami'],
    ["Miami Children's Museum", 'miami-childrens-museum'],
    ['Pinecrest Gardens', 'pinecrest-gardens'],
    ['Holocaust Memorial', 'holocaust-memorial'],
    ['LINCOLN RD', 'lincoln-road'],
    ['Bill Baggs', 'cape-florida'],
  ])('findPlaceByName(%s)', (name, id) => {
    expect(findPlaceByName(name)?.id).toBe(id);
  });

  it.each([
    // A street named for the hotel, 3 km from it.
    ['BILTMORE WAY', 'biltmore-hotel'],
    // Two letters from "HistoryMiami"; markers write it.
    ['THE HISTORY OF MIAMI', 'historymiami'],
    // A jetty, not the hotel; so are an avalon, a colony and the tides.
    ['DO NOT CLIMB ON THE BREAKWATER', 'breakwater-hotel'],
    ['THE TIDES', 'tides-hotel'],
  ])('%s is no mention of %s', (text, id) => {
    expect(findPlacesInText(text, { tolerant: true }).map((m) => m.entry.id)).not.toContain(id);
  });

  it('returns undefined for unknown names', () => {
    expect(findPlaceByName('Eiffel Tower')).toBeUndefined();
  });

  it('finds mentions longest first without overlaps, in text order', () => {
    const found = findPlacesInText(
      'We drove from North Miami Beach past the Ancient Spanish Monastery to Lincoln Road.',
    );
    expect(found.map((f) => f.entry.id)).toEqual(['north-miami-beach', 'ancient-spanish-monastery', 'lincoln-road']);
  });

  it('does not match short aliases inside ordinary words', () => {
    expect(findPlacesInText('I am not sure; umbrella at Mia and Um').map((f) => f.entry.id)).toEqual([]);
  });
});

describe('tolerant name matching (OCR misreads)', () => {
  it.each([
    ['JAYSIDE', 'Bayside Marketplace'],
    ['MAMINTERNATIONAL AIRPORT', 'Miami International Airport'],
    ['MIAMIINTERNATIONALAIRPORT', 'Miami International Airport'],
  ])('%s is %s, with the letters it is off', (text, name) => {
    const [m] = findPlacesInText(text, { tolerant: true });
    expect(m?.entry.name).toBe(name);
    expect(m?.edits).toBeGreaterThanOrEqual(0);
  });

  it('exact matching stays exact unless asked', () => {
    expect(findPlacesInText('JAYSIDE')).toEqual([]);
  });

  it('short names and ordinary words never match tolerantly', () => {
    for (const text of [
      'STOP',
      'ONE WAY',
      'NO PARKING',
      'BAYSHORE',
      'National Bank',
      'SPEED LIMIT 35',
      'Broadway',
      'Main Street',
    ]) {
      expect(
        findPlacesInText(text, { tolerant: true }).filter((m) => m.edits),
        text,
      ).toEqual([]);
    }
  });

  it('a match must begin and end where words do', () => {
    expect(findPlacesInText('EBAYSIDEWALK', { tolerant: true })).toEqual([]);
  });

  it('a short name of two words is found with its space dropped, letter for letter', () => {
    expect(findPlacesInText('UMIAMI', { tolerant: true })[0]?.entry.name).toBe('University of Miami');
    expect(findPlacesInText('WELCOMETO UMIAMI', { tolerant: true }).map((m) => m.entry.name)).toEqual([
      'University of Miami',
    ]);
    // Not a letter off, and not inside another word.
    expect(findPlacesInText('UMIAMA', { tolerant: true })).toEqual([]);
    expect(findPlacesInText('UMIAMIS', { tolerant: true })).toEqual([]);
    // Not without asking for tolerance.
    expect(findPlacesInText('UMIAMI')).toEqual([]);
  });

  it('a letter glued to a name (the detector cut the word before it one letter late) counts as a letter off', () => {
    const [m] = findPlacesInText('iSeaquarium', { tolerant: true });
    expect(m).toMatchObject({ matched: 'iseaquarium', edits: 1 });
    expect(m?.entry.name).toBe('Miami Seaquarium');
    // Within the name's allowance only: two letters glued to a ten-letter name are too many.
    expect(findPlacesInText('imSeaquarium', { tolerant: true })).toEqual([]);
  });

  it('a name whose first word’s start or last word’s end is hidden is found, each missing letter a letter off', () => {
    // A stop sign in front of "PINECREST GARDENS": three letters missing, one more than a 16-letter name allows.
    const [m] = findPlacesInText('ECREST GARDENS', { tolerant: true });
    expect(m?.entry.name).toBe('Pinecrest Gardens');
    expect(m).toMatchObject({ matched: 'ecrest gardens', edits: 3 });
    const [end] = findPlacesInText('MIAMI SEAQUAR', { tolerant: true });
    expect(end?.entry.name).toBe('Miami Seaquarium');
    expect(end).toMatchObject({ matched: 'miami seaquar', edits: 3 });
    // The rest may be one letter off, no more.
    expect(findPlacesInText('ECREST GARDFNS', { tolerant: true })[0]).toMatchObject({ edits: 4 });
    expect(findPlacesInText('ECREST GARDFNZ', { tolerant: true })).toEqual([]);
  });

  it.each([
    // Too little of the cut word left, or the letter at the cut dropped (a fourth letter missing), spaces or none.
    'CREST GARDENS',
    'CRESTGARDENS',
    'LEAH GARDENS',
    'GARDENS',
    'ECREST',
    'ECREST GARD',
    'GLADES ENTRANCE',
    'GLADES NATIONAL PARK',
    'CHILDGARDEN',
    'DOWNTOWNHOMES',
    // Too little of the name beside the cut word.
    'PANOLA WAY',
    // The letter at the cut read as another, or a letter glued to it: a fourth letter missing.
    'XCREST GARDENS',
    'XECREST GARDENS',
    // Five letters of the cut word read: a letter dropped inside it, or the word split.
    'ECRST GARDENS',
    'E CREST GARDENS',
  ])('a cut name needs most of its cut word and more of the name: %s matches nothing', (text) =>
    expect(findPlacesInText(text, { tolerant: true })).toEqual([]),
  );

  it('a cut name does not take a longer text from a place read whole', () => {
    expect(findPlacesInText('GOLDEN GLADES ENTRANCE', { tolerant: true }).map((m) => m.entry.name)).toEqual([
      'Golden Glades',
    ]);
  });

  it('a cut the whole name allows is found by the whole name, a deeper one by its cut', () => {
    expect(findPlacesInText('INECREST GARDENS', { tolerant: true })[0]).toMatchObject({ edits: 1 });
    expect(findPlacesInText('NECREST GARDFNS', { tolerant: true })[0]).toMatchObject({ edits: 3 });
  });

  it('a cut name is not read into another name or a shorter text', () => {
    for (const text of ['NECREST PARK', 'PINECREST GAR'])
      expect(findPlacesInText(text, { tolerant: true }).map((m) => m.entry.name)).not.toContain('Pinecrest Gardens');
    // The city is read; the Seaquarium's last letter read as another, or a letter glued after it, is a fourth lost.
    for (const text of ['MIAMI SEAQUAX', 'MIAMI SEAQUARX'])
      expect(findPlacesInText(text, { tolerant: true }).map((m) => m.entry.name)).toEqual(['Miami']);
  });

  it.each([
    // A word read as a word of its own, two letters off, beside the rest of the name read exactly: another name.
    ['CLEVELAND HOTEL', 'Clevelander'],
    ['NICKELL AVENUE', 'Brickell Avenue'],
    ['PLEASURE ISLAND', 'North Bay Village'],
    // What is left beside it is only words for kinds of place.
    ['JOHNSON MEMORIAL HOSPITAL', 'Jackson Memorial Hospital'],
    ['NIAMEY INTERNATIONAL AIRPORT', 'Miami International Airport'],
    // A direction or a number read as another is another street, glued to the rest or not; a direction is not cut
    // (three letters of "northwest" hidden leave "THWEST"); a digit standing before the number, or a glyph after it
    // that is one, makes another number.
    ['NORTHWEST 8TH STREET', 'Calle Ocho'],
    ['NW 8TH STREET', 'Calle Ocho'],
    ['NW8THSTREET', 'Calle Ocho'],
    ['W 8TH STREET', 'Calle Ocho'],
    ['THWEST 8TH STREET', 'Calle Ocho'],
    ['SW 9TH STREET', 'Calle Ocho'],
    ['SW 18TH STREET', 'Calle Ocho'],
    ['SW 80TH STREET', 'Calle Ocho'],
    ['SOUTHWEST 28TH STREET', 'Calle Ocho'],
    ['SW28THSTREET', 'Calle Ocho'],
    ['SW 2 8TH STREET', 'Calle Ocho'],
    ['SW 8OTH STREET', 'Calle Ocho'],
    ['SOUTHWEST 8GTH STREET', 'Calle Ocho'],
    ['SOUTHWEST 81 STREET', 'Calle Ocho'],
    ['SOUTHWEST 8 10TH STREET', 'Calle Ocho'],
  ])('the letters off one word make another name: %s is not %s', (text, name) =>
    expect(findPlacesInText(text, { tolerant: true }).map((m) => m.entry.name)).not.toContain(name),
  );

  it.each([
    // The word glued to the next was not read as a word: a misreading of the whole.
    ['HLAULOVTRPARK', 'Haulover Beach', 2],
    // Thin strokes added or dropped, glyphs a reader confuses, a doubled glyph, a stray glyph standing alone.
    ['HLAULOVTR PARK', 'Haulover Beach', 2],
    ['MAM INTERNATIONAL AIRPORT', 'Miami International Airport', 2],
    ['MlAMl GARDENS', 'Miami Gardens', 2],
    ['C0C0NUT GROVE', 'Coconut Grove', 2],
    ['SUNNY 1SLE5 BEACH', 'Sunny Isles Beach', 2],
    ['HAULOVFR I PARK', 'Haulover Beach', 2],
    ['SOUTHH BEACH', 'South Beach', 1],
    // A thin stroke dropped beside a confused glyph, in whichever order the table meets them.
    ['MIAN INTERNATIONAL AIRPORT', 'Miami International Airport', 2],
    ['FLORIDA INTERNATIONAL UMVERSITY', 'Florida International University', 2],
    // A letter off one word, within its own allowance.
    ['KFY BISCAYNE', 'Key Biscayne', 1],
    ['PEREZ ART MUSEM', 'Pérez Art Museum Miami', 1],
    // A direction misread as no other direction, a number read with its own digits.
    ['S0UTH BEACH', 'South Beach', 1],
    ['N0RTH MIAMI BEACH', 'North Miami Beach', 1],
    ['SOUTN BEACH', 'South Beach', 1],
    ['SOUTHWFST 8TH STREET', 'Calle Ocho', 1],
    ['5W 8TH STREET', 'Calle Ocho', 1],
    ['SW BTH STREET', 'Calle Ocho', 1],
    ['SW 81H STREET', 'Calle Ocho', 1],
    ['SOUTHWEST 8 STREET', 'Calle Ocho', 2],
  ])('%s is still %s, %i letters off', (text, name, edits) => {
    const [m] = findPlacesInText(text, { tolerant: true });
    expect(m?.entry.name).toBe(name);
    expect(m?.edits).toBe(edits);
  });

  it('of two readings as cheap, the one from the word’s start is kept (a night photo’s “HLAULOVTRPARK”)', () => {
    // An L added after the H and the E read as T: two edits, within a twelve-letter name's allowance. Read from the
    // L instead (the H taken for another letter), it is as cheap in the table, but the glued H makes it three.
    const [m] = findPlacesInText('HLAULOVTRPARK', { tolerant: true });
    expect(m).toMatchObject({ matched: 'hlaulovtrpark', edits: 2 });
    expect(m?.entry.id).toBe('haulover-beach');
    expect(findPlacesInText('HLAULOVTRPARKS', { tolerant: true })).toEqual([]);
  });
});
