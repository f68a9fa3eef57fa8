/**
 * The Miami-Dade geoparser: from lines of text read off a photo to places.
 *
 * What it understands, strongest first:
 * - corners of the county grid: two street-name signs ("SW 8 ST" and "SW 27 AVE"), in every written form (S.W.,
 *   8th, Street/St, Terrace, Court...), including named roads that follow a grid line (Calle Ocho, Bird Road,
 *   Red Road, Le Jeune, Biscayne Blvd...);
 * - grid addresses ("12345 SW 88 St": the hundreds of a house number are the cross street or avenue) and the
 *   hundred-block numbers printed on street-name blades ("SW 8 ST ... 2700" is the 2700 block, at SW 27 Ave);
 * - named places of the gazetteer: landmarks, businesses, parks, neighbourhoods and municipalities;
 * - a grid street alone, placed where it passes a named place the text also mentions;
 * - ZIP codes of the county, and area codes as a hint;
 * - streets of the cities off the county grid (Miami Beach, Coral Gables, Hialeah), which say the city and no
 *   more — the evidence says so instead of guessing.
 *
 * Each finding carries the indices of the lines it came from, so the UI can show which words were read where.
 * Confidences are the probability that the photo lies within the stated radius of the point, set per kind of
 * finding and scaled by how clearly the words were read; bench/text measures how well they hold.
 */
import { GAZETTEER, findPlacesInText, normaliseName, type GazetteerEntry, type PlaceKind } from '../geo/gazetteer';
import { editDistance } from '../../lib/edit-distance';
import { gridPoint, streetLat, avenueLng, STREET_KNOTS } from '../geo/grid';
import { haversineMeters, type LatLng } from '../geo/geometry';
import { municipalityAt, MUNICIPALITY_OUTLINES } from '../geo/municipalities';
import { inOpenWater, isInMiamiDade, lookupMiamiDade } from '../geo/county';
import { miamiDadeZipCentres } from '../geo/zip';
import { LOCAL_STREETS, NAMED_STREETS, OFF_GRID_NOTE, type GridLine } from './street-names';
import type { Municipality } from '../geo/gazetteer';

export type TextFindingKind =
  | 'intersection'
  | 'address'
  | 'block'
  | 'street-near-place'
  | 'place'
  | 'local-street'
  | 'local-grid'
  | 'zip'
  | 'street'
  | 'area-code';

export type TextFinding = {
  kind: TextFindingKind;
  /** What was understood, e.g. "SW 8 St & SW 27 Ave". */
  label: string;
  position?: LatLng;
  radiusMeters?: number;
  /** Probability that the photo was taken within `radiusMeters` of `position` (0 for hints without a place). */
  confidence: number;
  /** Indices of the input lines the finding rests on. */
  lines: number[];
  /** Why the place is only approximate, e.g. the city numbers its streets on its own grid. */
  note?: string;
  /** For a street alone: the grid line it follows. */
  gridLine?: GridLine;
  /** For a street alone: where it runs through the county, [lng, lat] from end to end (the map draws it). */
  path?: Array<[lng: number, lat: number]>;
};

/**
 * A line's own box, along its slant: centre, length along the text and height across it, all as shares of the
 * photo's width (so that lengths along and across compare), and its angle (radians, clockwise from the x axis).
 */
export type LineFrame = { cx: number; cy: number; w: number; h: number; angle: number };

/**
 * One line of text as read, with its OCR confidence (0–100), where it sits in the photo (relative box) and, when
 * known, its box along its slant.
 */
export type InputLine = {
  text: string;
  confidence: number;
  box?: { x: number; y: number; w: number; h: number };
  frame?: LineFrame;
  /** Nats by which a stacked quadrant's unread top row is likelier N than S (SceneLine.northLean). */
  northLean?: number;
};
type Box = NonNullable<InputLine['box']>;

/**
 * Two lines' boxes, for where one lies from the other: upright in the first line's slant when both have frames (on a
 * sign turned 10°, the upright box of a long line is twice as tall as its letters, and the line below it starts
 * higher than its end), else as read.
 */
function relativeBoxes(a: InputLine, b: InputLine): [Box, Box] | null {
  if (!a.box || !b.box) return null;
  if (!a.frame || !b.frame) return [a.box, b.box];
  const cos = Math.cos(a.frame.angle);
  const sin = Math.sin(a.frame.angle);
  const turned = (f: LineFrame): Box => {
    const d = f.angle - a.frame!.angle;
    const w = Math.abs(f.w * Math.cos(d)) + Math.abs(f.h * Math.sin(d));
    const h = Math.abs(f.w * Math.sin(d)) + Math.abs(f.h * Math.cos(d));
    return { x: f.cx * cos + f.cy * sin - w / 2, y: -f.cx * sin + f.cy * cos - h / 2, w, h };
  };
  return [turned(a.frame), turned(b.frame)];
}

// Confidence that the photo lies within the radius, per kind of finding, for clearly read words. The grid kinds are
// set from bench/text run with a calibration seed (--seed 777, 60 generated signs: 54 of 55 placed corners, addresses
// and blocks within their radius); the default seed's run is the evaluation and prints how well they hold. Generated
// signs are cleaner than the street, so these are an upper bound for real photos. The other kinds have no such set
// yet and keep hand-set values.
const BASE = {
  intersection: { confidence: 0.97, radiusMeters: 350 },
  address: { confidence: 0.96, radiusMeters: 300 },
  block: { confidence: 0.95, radiusMeters: 350 },
  streetNearPlace: { confidence: 0.45, radiusMeters: 1500 },
  zip: { confidence: 0.45, radiusMeters: 3000 },
} as const;

const PLACE_BASE: Record<PlaceKind, { confidence: number; radiusMeters: number }> = {
  landmark: { confidence: 0.55, radiusMeters: 600 },
  venue: { confidence: 0.55, radiusMeters: 600 },
  museum: { confidence: 0.55, radiusMeters: 600 },
  transport: { confidence: 0.5, radiusMeters: 800 },
  campus: { confidence: 0.5, radiusMeters: 1000 },
  shopping: { confidence: 0.5, radiusMeters: 800 },
  park: { confidence: 0.5, radiusMeters: 1000 },
  beach: { confidence: 0.5, radiusMeters: 1500 },
  island: { confidence: 0.5, radiusMeters: 1500 },
  street: { confidence: 0.45, radiusMeters: 1500 },
  neighbourhood: { confidence: 0.45, radiusMeters: 2000 },
  'unincorporated-place': { confidence: 0.45, radiusMeters: 3000 },
  'municipality-centre': { confidence: 0.4, radiusMeters: 4000 },
};

const AREA_KINDS = new Set<PlaceKind>(['neighbourhood', 'unincorporated-place', 'municipality-centre']);
const STREET_AFTER =
  /^\s*(street|st|avenue|ave|boulevard|blvd|bivd|blvo|bl|drive|dr|road|rd|way|lane|ln|court|ct|place|pl|terrace|ter|circle|cir|highway|hwy|parkway|pkwy)\b/;
/** Street types of four letters or more: a word (three letters or more) misread by one glyph is still told as one. */
const LONG_TYPES = ['blvd', 'drive', 'street', 'avenue', 'court', 'place', 'terrace', 'circle', 'parkway', 'highway'];
/** I and l look alike to a recogniser ("BIld" is "Blvd" with two of them swapped). */
const foldIl = (w: string) => w.replace(/[il1]/g, 'l');

/**
 * Whether `rest` (what follows a name on its line, normalised) starts with a street type: written out, or a word of
 * three letters or more one glyph off a long type ("Sunset BIld" is Hollywood's Sunset Blvd, not the county's Sunset).
 */
function streetTypeFollows(rest: string): boolean {
  if (STREET_AFTER.test(rest)) return true;
  const word = /^\s*([a-z]+)\b/.exec(rest)?.[1];
  return Boolean(word && word.length >= 3 && LONG_TYPES.some((t) => editDistance(foldIl(word), foldIl(t)) <= 1));
}

/** A street type misread by a letter or two ("AVEMUE", "SREET", "STREFT") → ST or AVE; null for other words. */
function fuzzyType(word: string): 'ST' | 'AVE' | null {
  if (word.length < 4 || word.length > 7) return null;
  // Two letters off only for words of six or more ("HSREET"); "STEEL" is not a street.
  const max = word.length >= 6 ? 2 : 1;
  if (editDistance(word, 'STREET') <= max && word.includes('E')) return 'ST';
  if (editDistance(word, 'AVENUE') <= max && word.startsWith('A')) return 'AVE';
  return null;
}

/**
 * Words read less clearly count for less: at OCR confidence 50 a finding keeps 90% of its base. Mild on purpose: on
 * the street-sign benchmark's calibration seed the grid corners read at OCR confidence 50–70 were as often right as
 * those read at 90, so a steeper factor only made the stated confidence too low.
 */
const clarity = (ocrConfidence: number) => 0.8 + 0.2 * Math.min(1, Math.max(0, ocrConfidence / 100));
const round3 = (v: number) => Math.round(v * 1000) / 1000;

export const GLUED_TYPES = 'STREET|ST|TERRACE|TERR|TER|AVENUE|AVE|AV|COURT|CT|PLACE|PL|LANE|LN';
/** An S inside a number: digits on both sides, and an ordinal or a street type after them (normaliseLine). */
const S_IN_NUMBER = new RegExp(`(?<=\\d)S(?=\\d{1,2}(?:ST|ND|RD|TH|\\s?(?:${GLUED_TYPES})\\b))`, 'g');

/**
 * Upper case, accents gone, punctuation to spaces, S.W. and S/W → SW, OCR's O/I/l inside numbers → digits, and the
 * forms a scene-text reader leaves: words run together ("SW8THST", "NW30AVE"), a raised ordinal read as a quote
 * ("8'"), a stray glyph glued to a grid name ("[12SW 157 AVE", "ISW 152 ST|").
 */
export function normaliseLine(text: string): string {
  let s = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // A 9 read as a lower-case "g" or "q" (their shapes differ by a stroke, and blur takes it): inside a number or at
    // its end ("5g", "17gth", "1q2"), or alone before a raised ordinal ("SW gthSt"). Before upper-casing, where the
    // case still tells a misread digit from the G of a word; tokens without a digit or an ordinal are left alone.
    .replace(/[gq]/g, (c, at: number, all: string) => (nineAt(all, at) ? '9' : c))
    // An 8 read as "B" between digits ("1B7").
    .replace(/(?<=\d)B(?=\d)/g, '8')
    .toUpperCase()
    // A 5 read as an S between digits, where an ordinal or a street type follows them ("1S9TH STRLET" of a stacked
    // "159TH STREET" at night): no street number has a letter inside it. Not where nothing follows ("SW8S7" is
    // "SW 8 ST", its T read as a 7), and "1ST" has a T after the S.
    .replace(S_IN_NUMBER, '5')
    // A raised "th" read as a quote or a degree sign: "8'" / "8°" / "8"" → "8".
    .replace(/(\d)\s?['’`"°#*]+/g, '$1 ')
    .replace(/[’'`]/g, '')
    // "S/W", "N/E" (the county's stacked prefix, read on one line).
    .replace(/\b([NS])\s?\/\s?([EW])\b/g, '$1$2')
    // A dotted "S.W." whose S was read as a 5 ("5.W.131st Avenue"): no house number is written with dots round a
    // quadrant letter, so before a number it is the quadrant.
    .replace(/\b5\.\s?([EW])\.\s?(?=\d)/g, 'S$1 ')
    .replace(/[^A-Z0-9#&]+/g, ' ');
  // "S W 8 ST" (from S.W.) → "SW 8 ST".
  s = s.replace(/\b([NS])\s([EW])\b/g, '$1$2');
  // "2O7", "1O5TH", "l2": letters OCR confuses with digits, inside tokens that are otherwise numbers.
  s = s.replace(/\b[0-9OIL]{1,5}(?:ST|ND|RD|TH)?\b/g, (tok) =>
    /\d/.test(tok) ? tok.replace(/O/g, '0').replace(/[IL]/g, '1') : tok,
  );
  // A raised "th" read as its "h" alone, then "St" with its S read as a 5: "5W168h5t" of "SW 168th St" (tuning draw
  // 1111). A number, an "h" and "5T" are nothing else.
  s = s.replace(/(?<!\d)(\d{1,3})T?H5T\b/g, '$1TH ST');
  // Stray glyphs glued before a quadrant that starts a grid name: "12SW 157 AVE", "ISW 152 ST" → "SW …".
  s = s.replace(
    new RegExp(
      `\\b[A-Z0-9]{1,3}?(NE|NW|SE|SW)(?=\\s?\\d{1,3}\\s?(?:ST|ND|RD|TH)?\\s?(?:${GLUED_TYPES})(?:\\b|[A-Z]))`,
      'g',
    ),
    (m, q: string) => (/^(NE|NW|SE|SW)$/.test(m) ? m : ` ${q}`),
  );
  // A quadrant's second letter misread ("SN", "SV" for SW; see OCR_QUADRANT), glued to its number or not, before a
  // grid number, perhaps a misread ordinal, and a street type: nothing else could stand there.
  s = s.replace(
    new RegExp(`\\b(${Object.keys(OCR_QUADRANT).join('|')})\\s?(?=\\d{1,3}\\s?[A-Z]{0,2}\\s?(?:${GLUED_TYPES}))`, 'g'),
    (q) => `${OCR_QUADRANT[q.trim()]!} `,
  );
  // A number read wholly as the letters its digits look like, glued to the type after a quadrant: "SW BSAVENUE" of a
  // small "SW 85 AVENUE" at night (tuning draw 1101). Two letters or three: nothing else stands there.
  s = s.replace(
    new RegExp(`\\b(NE|NW|SE|SW) ?([BSZ]{2,3})(?=(?:${GLUED_TYPES})\\b)`, 'g'),
    (_, q: string, run: string) => `${q} ${[...run].map((c) => DIGIT_LIKE[c]).join('')} `,
  );
  // "SW8" → "SW 8".
  s = s.replace(/\b(NE|NW|SE|SW|N|S|E|W)(\d)/g, '$1 $2');
  // A street type misread after a number: "63RDAVEMUE" → "63RD AVE", "19HSREET" → "19H ST" (the "H" goes below).
  s = s.replace(/(\d)([A-Z]{4,10})\b/g, (m, d: string, run: string) => {
    // A run that already ends in a type ("8STREET", "8THAVENUE") is left for the grid pattern.
    if (new RegExp(`(${GLUED_TYPES})$`).test(run)) return m;
    for (let k = 0; k <= Math.min(2, run.length - 4); k++) {
      const type = fuzzyType(run.slice(k));
      if (type) return `${d}${run.slice(0, k)}${type}`;
    }
    return m;
  });
  s = s.replace(/\b(\d{1,3}(?:ST|ND|RD|TH)?) ([A-Z]{4,7})\b/g, (m, n: string, word: string) => {
    const type = word === 'STREET' || word === 'AVENUE' ? null : fuzzyType(word);
    return type ? `${n} ${type}` : m;
  });
  // Inside a number once it is split off: "7OTH" → "70TH", "1O5" → "105", "2I" → "21".
  for (let k = 0; k < 2; k++) s = s.replace(/(\d)[O]/g, '$10').replace(/(\d)[IL](?=\d|ST|ND|RD|TH|\b)/g, '$11');
  // After a quadrant and a number (perhaps with its ordinal misread), a word that starts as an avenue does and ends
  // in letters misread ("S.W.12hAveru", "NW 7 AVENLE"): nothing but a street type stands there.
  s = s.replace(/\b(NE|NW|SE|SW) (\d{1,3})([A-Z]{0,2}) ?AVE(?!NUE\b)[A-Z]{1,3}\b/g, '$1 $2$3 AVE');
  // After a quadrant and a number, a street type cut short or misread: "SW 59 A", "SW 25 STR", "SW 24 S", "SW 71 5T".
  s = s.replace(/\b(NE|NW|SE|SW) (\d{1,3}?) ?(5T|STR|STRE|STREE|S)\b/g, (m, q: string, n: string) =>
    n ? `${q} ${n} ST` : m,
  );
  // ...and after an ordinal: "S.W. 83rd Str" (a fascia's street cut at the box's end).
  s = s.replace(/\b(NE|NW|SE|SW) (\d{1,3})(ST|ND|RD|TH) ?(5T|STR|STRE|STREE)\b/g, '$1 $2$3 ST');
  s = s.replace(/\b(NE|NW|SE|SW) (\d{1,3}) ?(?:ST|ND|RD|TH)? ?(A|AE|AV|AVEN|AVENU|AVNUE|AVE NUE)\b/g, '$1 $2 AVE');
  // ...and "An" where the line ends, perhaps after an ordinal read as its last letter ("5.W.77hAn" of a fascia's
  // "S.W. 77th Avenue" cut at the box's end; tuning draw 1101).
  s = s.replace(/\b(NE|NW|SE|SW) (\d{1,3})(?:ST|ND|RD|TH|[HTD])? ?AN$/, '$1 $2 AVE');
  // A raised ordinal misread ("23DST", "2MDAVE", "8HST"): one or two letters between a number and its street type
  // that are not the number's own suffix are dropped.
  // A single S, B or Z there is more likely the number's last digit read as a letter ("7SAVENUE" is 75 Ave, not 7 Ave):
  // those shapes differ from 5, 8 and 2 by a stroke. Not an S where it may start the number's ordinal ("1ST"; after
  // 11, which takes "th", it is a digit: "11SAVE" is 115 Ave).
  s = s.replace(
    new RegExp(`\\b(\\d{1,3})([A-Z]{1,2})(?=\\s?(?:${GLUED_TYPES})\\b)`, 'g'),
    (m, num: string, junk: string) => {
      if (junk === ordinalSuffix(Number(num)) || GLUED_TYPES.split('|').includes(junk)) return m;
      const digit = DIGIT_LIKE[junk];
      return digit && num.length < 3 && !(junk === 'S' && ordinalSuffix(Number(num)) === 'ST') ? num + digit : num;
    },
  );
  // "8THST", "30AVE" → "8TH ST", "30 AVE" (ordinal suffixes are kept with their number).
  s = s.replace(
    new RegExp(`\\b(\\d{1,3}(?:ST|ND|RD|TH)?)(${GLUED_TYPES})(?=\\b|\\d)`, 'g'),
    (m, num: string, type: string) => {
      // "1ST", "21ST" are ordinals, not "1 ST": left for the grid pattern, which reads "SW 1ST" and "SW 1ST ST" alike.
      if (type === 'ST' && /^\d+$/.test(num) && /(^|[^1])1$/.test(num)) return m;
      return `${num} ${type}`;
    },
  );
  // A type glued to what follows on a blade: "ST2700", "AVE800" → "ST 2700".
  s = s.replace(new RegExp(`\\b(\\d{1,3}\\s(?:${GLUED_TYPES}))(\\d{3,5})\\b`, 'g'), '$1 $2');
  // Quadrant prefixes OCR half-reads on sign blades: "IW 30 ST" (the N's first stroke), "5W 8 ST". Only right
  // before a grid number and street type, where nothing else could stand.
  s = s.replace(
    /\b(IW|HW|MW|WW|NN|NV|IE|HE|ME|5W|5E|SV|5V)\s?(?=\d{1,3}\s?(?:ST|ND|RD|TH)?\s?(?:STREET|ST|TERRACE|TERR|TER|AVENUE|AVE|AV|COURT|CT|PLACE|PL)\b)/g,
    (q) => OCR_QUADRANT[q.trim()]! + ' ',
  );
  return s.replace(/\s+/g, ' ').trim();
}

/** Whether the "g" or "q" at `at` stands in a number: after a digit, or starting a name before a digit or "th". */
function nineAt(all: string, at: number): boolean {
  const prev = all[at - 1] ?? '';
  if (/\d/.test(prev)) return true;
  const starts = !prev || /[\s./]/.test(prev) || /(^|[^A-Za-z])[NSEW]{1,2}$/.test(all.slice(0, at));
  return starts && (/\d/.test(all[at + 1] ?? '') || all.slice(at + 1, at + 3) === 'th');
}

/** The English ordinal suffix of a number: 1ST, 2ND, 3RD, 11TH, 22ND. */
export function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'TH';
  return ['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH';
}

/** Letters a recogniser returns for a digit whose shape differs by a stroke. */
const DIGIT_LIKE: Record<string, string> = { S: '5', B: '8', Z: '2' };

const OCR_QUADRANT: Record<string, string> = {
  IW: 'NW',
  HW: 'NW',
  MW: 'NW',
  WW: 'NW',
  NN: 'NW',
  NV: 'NW',
  IE: 'NE',
  HE: 'NE',
  ME: 'NE',
  '5W': 'SW',
  '5E': 'SE',
  SV: 'SW',
  '5V': 'SW',
  // No quadrant is written "SN": the W of SW read as an N (blur thins its middle strokes).
  SN: 'SW',
  // The county's stacked "S/W" read on one line with its slash as an I (and, blurred, the W as an N).
  SIW: 'SW',
  SIN: 'SW',
  SIE: 'SE',
  NIW: 'NW',
  NIE: 'NE',
};
const QUAD = '(NORTHEAST|NORTHWEST|SOUTHEAST|SOUTHWEST|NORTH|SOUTH|EAST|WEST|NE|NW|SE|SW|N|S|E|W)';
const QUAD_SHORT: Record<string, string> = {
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
};
const STREET_TYPES = 'STREET|ST|TERRACE|TERR|TER|LANE|LN';
const AVENUE_TYPES = 'AVENUE|AVE|AV|COURT|CT|PLACE|PL';
const GRID_RE = new RegExp(`\\b${QUAD}\\s?(\\d{1,3})\\s?(?:ST|ND|RD|TH)?\\s?(${STREET_TYPES}|${AVENUE_TYPES})\\b`, 'g');
const SPANISH_STREET_RE = /\bCALLE\s(\d{1,3})\b/g;

type GridMention = {
  line: number;
  /** Character range in the normalised line. */
  start: number;
  end: number;
  quadrant: string;
  axis: 'street' | 'avenue';
  /** Signed grid number (north and west positive). */
  number: number;
  label: string;
  /** W/E-only prefixes are Hialeah's grid, not the county's. */
  hialeah: boolean;
  /** Nothing was read before the number on its line, where its quadrant stands: the line's start was lost. */
  startLost?: true;
  /** Its street type was not read but inferred from the crossing name (typelessMentions, ordinalOnlyAvenue). */
  typeInferred?: true;
};

function typeLabel(type: string): string {
  if (/^(STREET|ST)$/.test(type)) return 'St';
  if (/^(TERRACE|TERR|TER)$/.test(type)) return 'Ter';
  if (/^(LANE|LN)$/.test(type)) return 'Ln';
  if (/^(AVENUE|AVE|AV)$/.test(type)) return 'Ave';
  if (/^(COURT|CT)$/.test(type)) return 'Ct';
  return 'Pl';
}

/** The grid names in one normalised line: "SW 8 ST", "NW 27TH AVE", "N.E. 2nd Court", "Calle 8". */
export function gridMentions(norm: string, line: number): GridMention[] {
  const out: GridMention[] = [];
  for (const m of norm.matchAll(GRID_RE)) {
    const quadrant = QUAD_SHORT[m[1]!] ?? m[1]!;
    const n = Number(m[2]);
    const type = m[3]!;
    const isStreet = new RegExp(`^(${STREET_TYPES})$`).test(type);
    // Terraces and lanes lie half a block past their street; courts and places half a block past their avenue.
    const half = /^(TERRACE|TERR|TER|LANE|LN|COURT|CT|PLACE|PL)$/.test(type) ? 0.5 : 0;
    const label = `${quadrant} ${n} ${typeLabel(type)}`;
    const base = { line, start: m.index!, end: m.index! + m[0].length, quadrant, label };
    if (isStreet) {
      if (/^[NS]/.test(quadrant))
        out.push({ ...base, axis: 'street', number: (quadrant.startsWith('S') ? -1 : 1) * (n + half), hialeah: false });
      else out.push({ ...base, axis: 'street', number: n, hialeah: true });
    } else if (/[EW]$/.test(quadrant) && quadrant.length === 2) {
      out.push({ ...base, axis: 'avenue', number: (quadrant.endsWith('E') ? -1 : 1) * (n + half), hialeah: false });
    } else if (quadrant === 'E' || quadrant === 'W') {
      out.push({ ...base, axis: 'avenue', number: n, hialeah: true });
    }
  }
  for (const m of norm.matchAll(SPANISH_STREET_RE)) {
    // "Calle 8" is Calle Ocho; other "Calle N" are the same south-west streets in Spanish.
    out.push({
      line,
      start: m.index!,
      end: m.index! + m[0].length,
      quadrant: 'SW',
      axis: 'street',
      number: -Number(m[1]),
      label: `Calle ${m[1]} (SW ${m[1]} St)`,
      hialeah: false,
    });
  }
  return out;
}

/** A number and a street type with no quadrant before it: "113 ST". */
const BARE_RE = new RegExp(
  `(?:^|\\s)(\\d{1,3})\\s?(?:ST|ND|RD|TH)?\\s?(${STREET_TYPES}|${AVENUE_TYPES}|AVENU|AVEN)\\b`,
  'g',
);

/**
 * A glyph glued before the number that is no quadrant letter ("#24AVENUE", "M14 AVENU") is what a one-line recogniser
 * made of the county's stacked quadrant letters; an avenue's type may be cut short there too. Only when that is the
 * whole line, the glyph is one a stacked N, S, E or W is seen as, and the type is a street or an avenue: "UNIT #2 ST",
 * "A1 AVENUE" and a door's "#12 CT" are no stacked blade.
 */
const GLYPH_BARE_RE = /^[#MNSEWH](\d{1,3}) ?(?:ST|ND|RD|TH)? ?(STREET|ST|AVENUE|AVE|AVENU|AVEN)$/;

/**
 * "NW 96 AVE" on one blade and "113 ST" on the other: the blade whose prefix was lost shares the corner's quadrant.
 * Only when every prefixed county-grid name read agrees on one quadrant and names the other axis.
 */
function bareMentions(norms: string[], mentions: GridMention[]): GridMention[] {
  const county = mentions.filter((m) => !m.hialeah && m.quadrant.length === 2);
  const quadrants = new Set(county.map((m) => m.quadrant));
  if (quadrants.size !== 1) return [];
  const quadrant = [...quadrants][0]!;
  const out: GridMention[] = [];
  norms.forEach((norm, line) => {
    const glyph = norm.match(GLYPH_BARE_RE);
    for (const m of glyph ? [glyph] : norm.matchAll(BARE_RE)) {
      const start = m.index! + m[0].length - m[0].trimStart().length;
      const end = m.index! + m[0].length;
      if (mentions.some((o) => o.line === line && start < o.end && end > o.start)) continue;
      const type = m[2] === 'AVENU' || m[2] === 'AVEN' ? 'AVE' : m[2]!;
      const [found] = gridMentions(`${quadrant} ${m[1]} ${type}`, line);
      if (!found || !county.some((c) => c.axis !== found.axis)) continue;
      // No glyph where the stacked letters stand, and nothing before the number: what was lost there may have been
      // more than the quadrant.
      out.push({
        ...found,
        start,
        end,
        label: `${found.label} (prefix inferred)`,
        ...(!glyph && !norm.slice(0, start).trim() ? { startLost: true as const } : {}),
      });
    }
  });
  return out;
}

/** Past the grid's last numbered streets (SW 424 St, NW 215 St): no street of that number exists. */
const pastLastStreet = (n: number) => n < STREET_KNOTS[0]![0] || n > STREET_KNOTS.at(-1)![0];

/** A line that is a two-letter quadrant and a number and nothing else: "NW 131", "SW 211TH". */
const TYPELESS_RE = /^(NE|NW|SE|SW) (\d{1,3})(?:ST|ND|RD|TH)?$/;

/**
 * "NW 131" on one blade and "NW 35 AVENUE" on the other: a blade whose street type was lost (blurred away, or cut off
 * the detector's box) names the other axis of the corner. Only a line that says nothing else, beside exactly one
 * typed county-grid name in the same quadrant. A typeless number that begins the typed one's, on a box over that
 * line's ("SW18" on "SW 189Street"), is that line read again on a box cut short, not a blade; and of two or more
 * other typeless numbers, which is the crossing blade is not known, so none is taken.
 */
function typelessMentions(input: readonly InputLine[], norms: string[], mentions: GridMention[]): GridMention[] {
  const county = mentions.filter((m) => !m.hialeah && m.quadrant.length === 2);
  if (county.length !== 1) return [];
  const [other] = county;
  const own = String(Math.abs(other!.number));
  const out: GridMention[] = [];
  norms.forEach((norm, line) => {
    const m = TYPELESS_RE.exec(norm);
    if (!m || m[1] !== other!.quadrant || line === other!.line) return;
    // Only where its box lies on the typed line's: "SW 8" beside "SW 87 AVE" is also Tamiami Trail's corner.
    if (own.startsWith(String(Number(m[2]))) && overlapping(input[line]?.box, input[other!.line]?.box)) return;
    const type = other!.axis === 'avenue' ? 'ST' : 'AVE';
    let [found] = gridMentions(`${m[1]} ${m[2]} ${type}`, line);
    // "SW625" beside "SW112AV": the S of a street's type read as a 5 after its number ("SW 62S…"), where the grid has
    // no street of those three digits (its last are SW 424 St and NW 215 St). Tuning draw 1101.
    if (type === 'ST' && /^\d{1,2}5$/.test(m[2]!) && found && pastLastStreet(found.number))
      [found] = gridMentions(`${m[1]} ${m[2]!.slice(0, -1)} ST`, line);
    if (found)
      out.push({ ...found, start: 0, end: norm.length, label: `${found.label} (type inferred)`, typeInferred: true });
  });
  return new Set(out.map((o) => o.number)).size === 1 ? out : [];
}

/**
 * "NE1st" beside "NE 38thStreet": a number ending in 1 with "ST" glued to it and nothing after is read as "NE 1 St",
 * but is as likely the ordinal of a blade whose type was lost ("NE 1st" Avenue). Two streets make no corner, so when
 * the photo's other county-grid names are all streets in the same quadrant and none is an avenue, it is the avenue.
 */
function ordinalOnlyAvenue(norms: string[], mentions: GridMention[]): void {
  const county = mentions.filter((m) => !m.hialeah && m.quadrant.length === 2);
  if (county.some((m) => m.axis === 'avenue')) return;
  mentions.forEach((m, i) => {
    if (m.hialeah || m.axis !== 'street' || m.quadrant.length !== 2) return;
    const norm = norms[m.line]!;
    // The whole line is the quadrant and "…1ST", the type glued to the number: "NE 1ST", "SW 21ST".
    if (!new RegExp(`^${m.quadrant} ?\\d{0,2}1ST$`).test(norm) || /11ST$/.test(norm)) return;
    if (!county.some((o) => o !== m && o.line !== m.line && o.quadrant === m.quadrant)) return;
    const [found] = gridMentions(`${m.quadrant} ${norm.slice(m.quadrant.length).trim()} AVE`, m.line);
    if (found && !found.hialeah)
      mentions[i] = {
        ...found,
        start: m.start,
        end: m.end,
        label: `${found.label} (type inferred)`,
        typeInferred: true,
      };
  });
}

/**
 * "»W 19 AVE" beside "SW 9 ST": a W/E-only prefix is Hialeah's grid only when nothing else says otherwise. When the
 * county-grid names read on the sign agree on one quadrant that contains the letter, the rest of the prefix was lost.
 */
function reclaimHialeah(norms: string[], mentions: GridMention[]): void {
  const county = mentions.filter((m) => !m.hialeah && m.quadrant.length === 2);
  const quadrants = new Set(county.map((m) => m.quadrant));
  if (quadrants.size !== 1) return;
  const quadrant = [...quadrants][0]!;
  mentions.forEach((m, i) => {
    if (!m.hialeah || !quadrant.includes(m.quadrant) || !county.some((c) => c.axis !== m.axis)) return;
    const norm = norms[m.line]!;
    const [found] = gridMentions(`${quadrant} ${norm.slice(m.start + m.quadrant.length, m.end).trim()}`, m.line);
    if (found && !found.hialeah)
      mentions[i] = { ...found, start: m.start, end: m.end, label: `${found.label} (prefix inferred)` };
  });
}

type LineOf = {
  axis: 'street' | 'avenue';
  label: string;
  lines: number[];
  ocr: number;
  resolve(cross: GridLine): GridLine | null;
  fixed?: GridLine;
  bends?: boolean;
  /** A named road's quadrant for its house numbers (NamedStreet.quadrant); numbered names carry theirs in mentions. */
  quadrant?: string;
  /** Its axis was inferred, not read (GridMention.typeInferred). */
  typeInferred?: true;
};

const inRange = (l: GridLine) =>
  l.axis === 'street' ? l.number >= -450 && l.number <= 230 : l.number >= -60 && l.number <= 240;

function municipalityRadius(name: Municipality): number {
  const outline = MUNICIPALITY_OUTLINES.find((o) => o.name === name);
  if (!outline) return PLACE_BASE['municipality-centre'].radiusMeters;
  let minLng = Infinity;
  let maxLng = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const poly of outline.polygons)
    for (const [lng, lat] of poly[0]!) {
      minLng = Math.min(minLng, lng!);
      maxLng = Math.max(maxLng, lng!);
      minLat = Math.min(minLat, lat!);
      maxLat = Math.max(maxLat, lat!);
    }
  const w = haversineMeters({ lat: minLat, lng: minLng }, { lat: minLat, lng: maxLng });
  const h = haversineMeters({ lat: minLat, lng: minLng }, { lat: maxLat, lng: minLng });
  // Half the diagonal: the city fits in the circle.
  return Math.max(1500, Math.round(Math.hypot(w, h) / 2));
}

function municipalityCentre(name: Municipality): LatLng | null {
  const hit = findPlacesInText(name).find(
    (m) => m.entry.kind === 'municipality-centre' && m.entry.municipality === name,
  );
  return hit?.entry.position ?? null;
}

/** Nearest point of a grid line to p (streets are level lines, avenues plumb ones, in the grid model). */
const toLatLng = ([lng, lat]: [number, number]): LatLng => ({ lat, lng });

/**
 * Where a grid line runs inside the county, as its two ends ([lng, lat]): the longest stretch of the line, sampled
 * every ~200 m across the county's extent, that lies in Miami-Dade. Null when no stretch does.
 */
export function countyCourse(line: GridLine): [[number, number], [number, number]] | null {
  const STEP = 0.002;
  const at = (t: number): LatLng =>
    line.axis === 'street' ? { lat: streetLat(line.number), lng: t } : { lat: t, lng: avenueLng(line.number) };
  const [from, to] = line.axis === 'street' ? [-80.9, -80.1] : [25.1, 26.0];
  const steps = Math.round((to - from) / STEP);
  let best: [number, number] | null = null;
  let start: number | null = null;
  // One step past the end closes a stretch that reaches it.
  for (let k = 0; k <= steps + 1; k++) {
    const t = from + k * STEP;
    const inside = k <= steps && isInMiamiDade(at(t));
    if (inside && start === null) start = t;
    if (!inside && start !== null) {
      if (!best || t - STEP - start > best[1] - best[0]) best = [start, t - STEP];
      start = null;
    }
  }
  if (!best || best[1] <= best[0]) return null;
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  const [a, b] = [at(best[0]), at(best[1])];
  return [
    [round(a.lng), round(a.lat)],
    [round(b.lng), round(b.lat)],
  ];
}

function projectOnto(line: GridLine, p: LatLng): LatLng {
  return line.axis === 'street'
    ? { lat: streetLat(line.number), lng: p.lng }
    : { lat: p.lat, lng: avenueLng(line.number) };
}

/**
 * Everything the lines say about where the photo was taken, strongest finding first. Lines are the OCR lines of
 * one photo (or any text: a caption, a model's answer).
 *
 * The passes run in this order because each reads what the ones before it left in the state: spans already taken,
 * grid lines already placed, findings already made.
 */
export function geoparse(input: readonly InputLine[]): TextFinding[] {
  const st = newParseState(input);
  readLocalStreetNames(st);
  readGridNames(st);
  readNamedRoads(st);
  findCorners(st);
  findAddressesAndBlocks(st);
  findDoorNumberAddress(st);
  findPlaces(st);
  findStreetsAlone(st);
  findLostQuadrantCorners(st);
  findOffGridCities(st);
  findZipCodes(st);
  findStreetsInZips(st);
  findAreaCodes(st);
  distrustLostStarts(st);
  return st.findings.sort(
    (a, b) => b.confidence - a.confidence || (a.radiusMeters ?? Infinity) - (b.radiusMeters ?? Infinity),
  );
}

/** What the passes of one geoparse() share: the lines, what has been read of them so far, and the findings. */
type ParseState = {
  input: readonly InputLine[];
  /** Each line normalised, a stacked quadrant read as a line of its own given to its name. */
  norms: string[];
  /** Per line, the character ranges already read as a name: a later pass does not read another name inside them. */
  consumed: Array<Array<[number, number]>>;
  findings: TextFinding[];
  /** Off-grid cities named by their own street names (Hialeah's grid names join them at the end). */
  localCities: Map<Municipality, { labels: Set<string>; lines: Set<number> }>;
  /** The grid names read ("SW 8 ST", "CALLE 8"): as written, with a prefix inferred, or reclaimed from Hialeah's. */
  mentions: GridMention[];
  /** The W/E-only names among them: Hialeah's own grid. */
  hialeahMentions: GridMention[];
  /** Grid lines: numbered names on the county grid and named roads, in the order read. */
  gridLines: LineOf[];
  /** The same, each street once. */
  unique: LineOf[];
  /** Where each grid line was read, so a name inside it ("Flagler" in "W FLAGLER ST") is not also taken for a place. */
  spans: Map<string, Array<[line: number, start: number, end: number]>>;
  /** Grid lines placed already, by a corner, an address or a block number. */
  cornered: Set<LineOf>;
  corners: Array<{ s: LineOf; a: LineOf; sLine: GridLine; aLine: GridLine }>;
  /** Corners whose N/S quadrant was not read. */
  lost: LostCorner[];
  /** Whether every Hialeah grid name read has numbers Hialeah's grid reaches. */
  hialeahFits: boolean;
};

function newParseState(input: readonly InputLine[]): ParseState {
  const norms = attachQuadrantLines(
    input,
    attachTypeLines(
      input,
      input.map((l) => normaliseLine(l.text)),
    ),
  );
  return {
    input,
    norms,
    consumed: norms.map(() => [] as Array<[number, number]>),
    findings: [],
    localCities: new Map(),
    mentions: [],
    hialeahMentions: [],
    gridLines: [],
    unique: [],
    spans: new Map(),
    cornered: new Set(),
    corners: [],
    lost: [],
    hialeahFits: false,
  };
}

/** The mean OCR confidence of some lines. */
const ocr = (st: ParseState, lines: number[]) =>
  lines.reduce((s, i) => s + (st.input[i]?.confidence ?? 0), 0) / Math.max(1, lines.length);
const take = (st: ParseState, line: number, start: number, end: number) => st.consumed[line]!.push([start, end]);
const isTaken = (st: ParseState, line: number, start: number, end: number) =>
  st.consumed[line]!.some(([s, e]) => start < e && end > s);
const span = (st: ParseState, label: string, line: number, start: number, end: number) =>
  st.spans.set(label, [...(st.spans.get(label) ?? []), [line, start, end]]);

/**
 * Off-grid cities named by their own street names ("COLLINS AVE": Miami Beach). First, so that the words they
 * take are not read again as a named road of the county grid or a ZIP code.
 */
function readLocalStreetNames(st: ParseState): void {
  st.norms.forEach((norm, i) => {
    for (const local of LOCAL_STREETS) {
      const m = local.pattern.exec(norm);
      if (!m) continue;
      take(st, i, m.index, m.index + m[0].length);
      const entry = st.localCities.get(local.municipality) ?? { labels: new Set(), lines: new Set() };
      entry.labels.add(local.label);
      entry.lines.add(i);
      st.localCities.set(local.municipality, entry);
    }
  });
}

/**
 * Grid lines, numbered names first: "SW 8 ST", a blade whose prefix was lost ("113 ST" beside "NW 96 AVE"), a W/E
 * prefix reclaimed for the county's quadrant. Their words are taken before the named roads are read, so "CALLE 8"
 * is one street, not two. W/E-only names are set aside as Hialeah's grid; numbers off the county grid are dropped.
 */
function readGridNames(st: ParseState): void {
  const mentions = st.norms.flatMap((norm, i) => gridMentions(norm, i));
  mentions.push(...bareMentions(st.norms, mentions));
  mentions.push(...typelessMentions(st.input, st.norms, mentions));
  ordinalOnlyAvenue(st.norms, mentions);
  reclaimHialeah(st.norms, mentions);
  st.mentions = mentions;
  for (const m of mentions) {
    take(st, m.line, m.start, m.end);
    span(st, m.label, m.line, m.start, m.end);
    if (m.hialeah) {
      st.hialeahMentions.push(m);
      continue;
    }
    const fixed = { axis: m.axis, number: m.number };
    if (!inRange(fixed)) continue;
    st.gridLines.push({
      axis: m.axis,
      label: m.label,
      lines: [m.line],
      ocr: st.input[m.line]!.confidence,
      resolve: () => fixed,
      fixed,
      ...(m.typeInferred ? { typeInferred: true as const } : {}),
    });
  }
}

/**
 * Grid lines, then: named roads that follow one (Calle Ocho, Bird Road, Biscayne Blvd...), where their words are not
 * taken already. Once all grid lines are in, a street read twice is merged into one.
 */
function readNamedRoads(st: ParseState): void {
  st.norms.forEach((norm, i) => {
    for (const named of NAMED_STREETS) {
      const m = named.pattern.exec(norm);
      if (!m || isTaken(st, i, m.index, m.index + m[0].length)) continue;
      take(st, i, m.index, m.index + m[0].length);
      span(st, named.label, i, m.index, m.index + m[0].length);
      const line = named.line;
      const quadrant = typeof named.quadrant === 'function' ? named.quadrant(m[0].trim()) : named.quadrant;
      st.gridLines.push({
        axis: named.axis,
        label: named.label,
        lines: [i],
        ocr: st.input[i]!.confidence,
        resolve: typeof line === 'function' ? line : () => line,
        fixed: typeof line === 'function' ? undefined : line,
        bends: named.bends,
        ...(quadrant ? { quadrant } : {}),
      });
    }
  });
  // The same street read twice (two blades, or a blade and a shop sign) is one line, read on all of those lines:
  // "2700 SW 8 ST" on the fascia still gives its number when a blade says "SW 8 ST" too.
  const byLabel = new Map<string, LineOf>();
  for (const g of st.gridLines) {
    const first = byLabel.get(g.label);
    if (first) first.lines = [...new Set([...first.lines, ...g.lines])];
    else byLabel.set(g.label, g);
  }
  // A name whose type was inferred is the crossing street only where none was read with its type: beside "NE 32 St"
  // and "N Miami Ave", the "NE 12" of a poster's date made a second corner as sure as the sign's own (tuning draw 1101).
  const read = (axis: LineOf['axis']) => [...byLabel.values()].some((g) => g.axis === axis && !g.typeInferred);
  st.unique = [...byLabel.values()].filter((g) => !g.typeInferred || !read(g.axis));
}

/**
 * Corners: every street with every avenue. The first pass that places anything: the block numbers use the corners
 * it finds, and the later passes leave alone the grid lines it placed.
 */
function findCorners(st: ParseState): void {
  const streets = st.unique.filter((g) => g.axis === 'street');
  const avenues = st.unique.filter((g) => g.axis === 'avenue');
  for (const s of streets)
    for (const a of avenues) {
      const sLine = s.fixed ?? (a.fixed ? s.resolve(a.fixed) : null);
      const aLine = a.fixed ?? (sLine ? a.resolve(sLine) : null);
      if (!sLine || !aLine || !inRange(sLine) || !inRange(aLine)) continue;
      const position = gridPoint(sLine.number, aLine.number);
      const lines = [...new Set([...s.lines, ...a.lines])];
      const label = `${s.label} & ${a.label}`;
      st.cornered.add(s).add(a);
      st.corners.push({ s, a, sLine, aLine });
      // Blades that disagree on the quadrant: the corner as read (one blade's N/S, the other's E/W) is neither
      // blade's, and where it alone would lie in the bay the blades' own corners must still be tried.
      const sq = gridQuadrant(st, s);
      const aq = gridQuadrant(st, a);
      if (sq && aq && sq !== aq) {
        disagreeingCorners(st, { s, a, sLine, aLine, sq, aq, lines });
        continue;
      }
      const city = municipalityAt(position.lat, position.lng);
      // A corner out in the bay is no corner: the grid model places any pair of numbers, and one misread digit
      // ("SW 13" for SW 138 Ave beside SW 209 St) put one 20 km off at 0.93.
      const water = inOpenWater(position);
      if (city === 'Miami Beach' || water || !isInMiamiDade(position)) {
        st.findings.push({
          kind: 'street',
          label,
          confidence: 0,
          lines,
          note:
            city === 'Miami Beach'
              ? OFF_GRID_NOTE['Miami Beach']
              : water
                ? 'This corner of the county grid lies out in the bay or the ocean, where neither street runs: a number on the sign was probably misread.'
                : 'This corner of the county grid falls outside Miami-Dade.',
        });
        continue;
      }
      // Biscayne Blvd bends off the grid: its corners are less exact than a numbered corner.
      const bends = Boolean(s.bends || a.bends);
      st.findings.push({
        kind: 'intersection',
        label,
        position,
        radiusMeters: BASE.intersection.radiusMeters * (bends ? 1.5 : 1),
        confidence: round3(BASE.intersection.confidence * clarity(ocr(st, lines))),
        lines,
      });
    }
}

/** The most of a corner's confidence the likelier of two disagreeing quadrants takes (0.95 × 0.75 < 0.8). */
const QUADRANT_CAP = 0.75;

/** The two-letter quadrant a county-grid name was read with ("NW" of "NW 9 St"); none for named roads and Hialeah. */
function gridQuadrant(st: ParseState, g: LineOf): string | undefined {
  const m = st.mentions.find((m) => g.lines.includes(m.line) && m.label === g.label);
  return m && !m.hialeah && m.quadrant.length === 2 ? m.quadrant : undefined;
}

/**
 * Two blades of one corner that name different quadrants ("SW 25 AVE" over "NW 9 ST"): every corner of the grid lies
 * in one quadrant, which both its streets carry, so one of the two was misread (a stacked N for an S at dusk). Each
 * blade's quadrant gives a corner, and they share the corner's confidence by how clearly each blade was read, the
 * clearer blade's corner first and never confident: at most QUADRANT_CAP of it, however unclear the other blade. The
 * corner as read with each blade's own letters (NW 9 St & SW 25 Ave, placed as the NW corner) was one of them at 0.95
 * before: 2 km off on a held-out draw.
 */
function disagreeingCorners(
  st: ParseState,
  c: {
    s: LineOf;
    a: LineOf;
    sLine: GridLine;
    aLine: GridLine;
    sq: string;
    aq: string;
    lines: number[];
  },
): void {
  const confidence = BASE.intersection.confidence * clarity(ocr(st, c.lines));
  const sOcr = Math.max(1, c.s.ocr);
  const aOcr = Math.max(1, c.a.ocr);
  for (const [quadrant, share] of [
    [c.sq, sOcr / (sOcr + aOcr)],
    [c.aq, aOcr / (sOcr + aOcr)],
  ] as const) {
    const weight = Math.min(QUADRANT_CAP, share);
    const street = Math.abs(c.sLine.number) * (quadrant.startsWith('S') ? -1 : 1);
    const avenue = Math.abs(c.aLine.number) * (quadrant.endsWith('E') ? -1 : 1);
    if (!inRange({ axis: 'street', number: street }) || !inRange({ axis: 'avenue', number: avenue })) continue;
    const position = gridPoint(street, avenue);
    if (
      !isInMiamiDade(position) ||
      inOpenWater(position) ||
      municipalityAt(position.lat, position.lng) === 'Miami Beach'
    )
      continue;
    const other = quadrant === c.sq ? c.a : c.s;
    const label = `${quadrant} ${streetNumberLabel(c.s.label)} & ${quadrant} ${streetNumberLabel(c.a.label)}`;
    st.findings.push({
      kind: 'intersection',
      label,
      position,
      radiusMeters: BASE.intersection.radiusMeters,
      confidence: round3(confidence * weight),
      lines: c.lines,
      note: `The two signs disagree on the quadrant: this is the corner if "${other.label}" was misread.`,
    });
  }
}

/** A county-grid name without its quadrant: "9 St" of "NW 9 St". */
const streetNumberLabel = (label: string) => label.replace(/^[NS][EW] /, '');

/**
 * Addresses and block numbers: the hundreds of a number on a grid street name the cross street ("12345 SW 88 ST",
 * "SW 8 ST 2700", or "2700" as a small line of its own beside the blade). After the corners, which tell a block
 * number between two stacked blades which blade it belongs to.
 */
function findAddressesAndBlocks(st: ParseState): void {
  const { input, norms, mentions, findings } = st;
  const blockCross = (g: LineOf, n: number) =>
    g.fixed
      ? crossFromNumber(
          g.fixed,
          n,
          mentions.find((m) => g.lines.includes(m.line) && m.label === g.label)?.quadrant ?? '',
        )
      : null;
  for (const g of st.unique) {
    if (!g.fixed) {
      namedRoadNumbers(st, g);
      continue;
    }
    for (const i of g.lines) {
      const norm = norms[i]!;
      const mention = mentions.find((m) => m.line === i && `${m.label}` === g.label);
      // "12345 SW 88 ST": a house number right before the name.
      const before = mention ? /(?<!\d)([1-9]\d{1,4})\s*$/.exec(norm.slice(0, mention.start)) : null;
      // "SW 8 ST 2700": a block number after the name on the blade.
      const after = mention ? /^\s*([1-9]\d{2,4})\b/.exec(norm.slice(mention.end)) : null;
      const address = before ?? after;
      if (address && mention) {
        const cross = crossFromNumber(g.fixed, Number(address[1]), mention.quadrant);
        if (
          cross &&
          addNumbered(findings, g, cross, before ? 'address' : 'block', `${address[1]} ${g.label}`, [i], ocr(st, [i]))
        )
          st.cornered.add(g);
      }
    }
    namedRoadNumbers(st, g);
    // A hundred-block number read as its own small line next to the blade.
    for (let j = 0; j < input.length; j++) {
      if (g.lines.includes(j)) continue;
      const only = /^([1-9]\d{1,2}00)$/.exec(norms[j]!);
      if (!only || !near(input[g.lines[0]!]?.box, input[j]?.box)) continue;
      // The crossing blade's block number at this street is the street's own number in hundreds ("7400" on NW 171 St
      // where it meets NW 74 Ave): read beside "NW 74 AVE" it says nothing of where along NW 74 Ave the corner is, and
      // taken as NW 74 Ave's own block it pinned the photo at NW 74 St, 10 km off.
      if (isOwnHundreds(g.fixed, Number(only[1]))) continue;
      const cross = blockCross(g, Number(only[1]));
      // Two blades stack on one post, so a block number sits near both. It belongs to the blade whose corner it
      // confirms: "9500" between "SW 5 ST" and "SW 95 AVE" is SW 5 St's block at SW 95 Ave, not a far SW 95 St.
      const partners = st.corners.filter((c) => c.s === g || c.a === g);
      if (partners.length && cross && !partners.some((c) => sameLine(c.s === g ? c.aLine : c.sLine, cross))) {
        if (
          partners.some((c) => {
            const other = c.s === g ? c.a : c.s;
            const x = other.fixed && blockCross(other, Number(only[1]));
            return x && sameLine(x, other === c.s ? c.aLine : c.sLine);
          })
        )
          continue;
      }
      const before = findings.length;
      if (
        cross &&
        addNumbered(
          findings,
          g,
          cross,
          'block',
          `${only[1]} block of ${g.label}`,
          [...g.lines, j],
          ocr(st, [...g.lines, j]),
        )
      ) {
        st.cornered.add(g);
        if (findings.length > before) blockAgainstCorners(st, findings.at(-1)!, g, j, partners);
      }
    }
  }
}

/**
 * A hundred-block number beside a blade that names another cross street than the corner the blade makes with the
 * other blade ("9900" beside "NW146thAvenue", the other blade read "s9thStreet": NW 99 St or S 9 St): one of the two
 * numbers was misread, and the corner and the block share their confidence by how clearly each was read, the block
 * number's line against the other blade's, at most QUADRANT_CAP of it, as two blades naming different quadrants do
 * (disagreeingCorners). On the three tuning draws the clearer of the two was right in all four pairs where a block
 * number and a corner disagreed (two of them with the number beside both blades, which this leaves alone); the corner
 * had been kept at 0.94 beside the block at 0.94 and answered 11 km off (tuning draw 1131).
 */
function blockAgainstCorners(
  st: ParseState,
  block: TextFinding,
  g: LineOf,
  blockLine: number,
  partners: ParseState['corners'],
): void {
  const blockOcr = Math.max(1, st.input[blockLine]!.confidence);
  let weakest = 1;
  for (const c of partners) {
    const other = c.s === g ? c.a : c.s;
    // Beside both blades and confirming neither, the number says nothing against the corner they agree on ("1500"
    // between "SW 8 ST" and "SW 27 AVE"): the corner stands as before.
    if (near(st.input[other.lines[0]!]?.box, st.input[blockLine]?.box)) continue;
    const corner = st.findings.find((f) => f.kind === 'intersection' && f.label === `${c.s.label} & ${c.a.label}`);
    if (!corner || haversineMeters(corner.position!, block.position!) <= corner.radiusMeters!) continue;
    const otherOcr = Math.max(1, ocr(st, other.lines));
    weakest = Math.min(weakest, blockOcr / (otherOcr + blockOcr));
    corner.confidence = round3(corner.confidence * Math.min(QUADRANT_CAP, otherOcr / (otherOcr + blockOcr)));
  }
  if (weakest < 1) block.confidence = round3(block.confidence * Math.min(QUADRANT_CAP, weakest));
}

/**
 * A house number on a named road that numbers its houses on the county grid: "3126 CORAL WAY" is on SW 22 St at
 * SW 31 Ave, "1500 W FLAGLER ST" at W 15 Ave. The number gives the cross line first; a road whose grid line depends
 * on the cross street (Coral Way) is then resolved from it. Not inside Coral Gables, which numbers its own houses.
 */
function namedRoadNumbers(st: ParseState, g: LineOf): void {
  if (!g.quadrant) return;
  for (const [i, start, end] of st.spans.get(g.label) ?? []) {
    const norm = st.norms[i]!;
    const before = /(?:^|\s)([1-9]\d{1,4})\s*$/.exec(norm.slice(0, start));
    const after = /^\s*([1-9]\d{2,4})\b/.exec(norm.slice(end));
    const number = before ?? after;
    if (!number) continue;
    const cross = crossFromNumber({ axis: g.axis, number: 0 }, Number(number[1]), g.quadrant);
    const line = cross && (g.fixed ?? g.resolve(cross));
    if (!cross || !line || !inRange(line)) continue;
    const position = gridPoint(
      g.axis === 'street' ? line.number : cross.number,
      g.axis === 'street' ? cross.number : line.number,
    );
    if (municipalityAt(position.lat, position.lng) === 'Coral Gables') continue;
    const label = `${number[1]} ${g.label}`;
    if (addNumbered(st.findings, { ...g, fixed: line }, cross, before ? 'address' : 'block', label, [i], ocr(st, [i])))
      st.cornered.add(g);
  }
}

/**
 * A door number and a street on separate lines (the number on the door or a panel, the street on the fascia): an
 * address, when the photo names exactly one grid line and no corner or address placed it already. After the
 * corners and addresses, as the loosest way a number places a street.
 */
function findDoorNumberAddress(st: ParseState): void {
  const { input, norms, findings } = st;
  const placedLines = st.unique.filter((g) => g.fixed && !st.cornered.has(g));
  if (
    placedLines.length === 1 &&
    !findings.some((f) => f.kind === 'intersection' || f.kind === 'address' || f.kind === 'block')
  ) {
    const g = placedLines[0]!;
    const mention = st.mentions.find((m) => g.lines.includes(m.line) && m.label === g.label);
    // The digit groups of the lines written like a phone number ("(305)208-0891"): the recogniser often reads a
    // group again as a line of its own ("208"), and a fascia's phone number sits nearer its street than the door.
    const phoneGroups = new Set(
      input.flatMap((l) => (phoneLike(l.text) ? (l.text.match(/\d+/g) ?? []) : [])).filter((d) => d.length >= 3),
    );
    // A piece of a phone number's group read again as a box of its own on top of it ("590" on "(305)92-1590", the
    // phone number with a digit lost: tuning draw 1131, where it stood beside the door's "2985" as a second door).
    const onPhone = (j: number, digits: string) =>
      input.some(
        (l, k) =>
          k !== j &&
          (phoneLike(l.text) || /\(\d{3}\)|(?<!\d)\d{2,3}[\s.-]\d{4}(?!\d)/.test(l.text)) &&
          (l.text.match(/\d+/g) ?? []).some((d) => d.includes(digits)) &&
          Boolean(l.box && input[j]!.box && overlapping(l.box, input[j]!.box)),
      );
    const doors = norms.flatMap((norm, j) => {
      // A number that starts with a 0 is what is left of one whose first digits were lost ("056" of "14056").
      const m = /^([1-9]\d{2,4})$/.exec(norm);
      // Not a ZIP of the county, not the grid line's own line, not a piece of a phone number ("-2305", "(786)", or a
      // group of one read elsewhere), not the line's own number in hundreds (the crossing blade's block number; see
      // findAddressesAndBlocks).
      return m &&
        !g.lines.includes(j) &&
        !/^33[0-2]\d\d$/.test(m[1]!) &&
        !/[-()]/.test(input[j]!.text) &&
        !phoneGroups.has(m[1]!) &&
        !onPhone(j, m[1]!) &&
        !isOwnHundreds(g.fixed!, Number(m[1]))
        ? [{ j, n: Number(m[1]) }]
        : [];
    });
    // The recogniser reads a piece of a number again as a box of its own ("167" inside "10167"): a number whose digits
    // lie within another's, on the same spot (or with no boxes to tell), is that number, not a second one.
    const pieces = doors.filter((d) =>
      doors.some(
        (o) =>
          o.n !== d.n &&
          String(o.n).includes(String(d.n)) &&
          (!input[d.j]!.box || !input[o.j]!.box || overlapping(input[d.j]!.box, input[o.j]!.box)),
      ),
    );
    if (pieces.length) doors.splice(0, doors.length, ...doors.filter((d) => !pieces.includes(d)));
    let distinct = [...new Set(doors.map((d) => d.n))];
    // Several numbers (a price, a number on another building): the one on the same front as the street's name, when
    // only one is near it. A choice, and so less sure than the only number on the photo: the last group of a phone
    // number whose other groups were not read ("7643" of "(786) 475-7643") sits on the fascia beside the street too.
    let chosen = false;
    if (distinct.length > 1) {
      const close = [...new Set(doors.filter((d) => sameFront(input[g.lines[0]!], input[d.j])).map((d) => d.n))];
      if (close.length === 1) {
        distinct = close;
        chosen = true;
        doors.splice(0, doors.length, ...doors.filter((d) => d.n === close[0]));
      }
    }
    if (distinct.length === 1 && mention) {
      const cross = crossFromNumber(g.fixed!, distinct[0]!, mention.quadrant);
      const lines = [...g.lines, ...doors.map((d) => d.j)];
      // A number anywhere in the photo is looser evidence than one written before the street's name, and one the
      // recogniser was unsure of may have lost a digit (the number read clearly in another box is clear).
      // So may a street's name read unclearly: its number carries the address as much as the door's does.
      const unclear =
        doors.every((d) => input[d.j]!.confidence < CLEAR_DOOR) ||
        g.lines.every((l) => input[l]!.confidence < CLEAR_STREET);
      const weight = DOOR_NUMBER * (chosen ? CHOSEN_NUMBER : 1) * (unclear ? UNCLEAR_DOOR : 1);
      if (
        cross &&
        addNumbered(findings, g, cross, 'address', `${distinct[0]} ${g.label}`, lines, ocr(st, lines), weight)
      )
        st.cornered.add(g);
    }
  }
}

/**
 * Named places of the gazetteer: landmarks, businesses, parks, neighbourhoods, municipalities. After every pass
 * that places a grid line, so that a road placed at a corner or an address is not read as a place of its own.
 */
function findPlaces(st: ParseState): void {
  const placeFindings: TextFinding[] = [];
  // A road already placed at a corner or an address is not a place of its own as well.
  const placedSpans = [...st.cornered].flatMap((g) => st.spans.get(g.label) ?? []);
  const frees = st.norms.map((norm, i) =>
    placedSpans
      .filter(([line]) => line === i)
      .reduce((t, [, a, b]) => t.slice(0, a) + ' '.repeat(b - a) + t.slice(b), norm),
  );
  // A long name wraps onto two or three lines on a building ("MIAMI INTERNATIONAL" over "AIRPORT"), and the reader
  // returns each line on its own (and splits a line where words stand apart): a name read across such lines is found
  // there, and what it covers of each line is not read again as a name of its own ("MIAMI" of the first line is not
  // the city). Three lines before two, so that a name is found whole before a part of it.
  const covered = new Map<number, Array<[number, number]>>();
  const isCovered = (line: number, a: number, b: number) => (covered.get(line) ?? []).some(([x, y]) => a < y && b > x);
  const pairs = namePairs(st.input, frees);
  const chains = [
    ...pairs.flatMap(([i, j]) => pairs.filter(([k]) => k === j).map(([, l]) => [i, j, l])).filter((c) => c[0] !== c[2]),
    ...pairs,
  ];
  for (const chain of chains) {
    const parts = chain.map((i) => normaliseName(frees[i]!));
    if (parts.some((p) => !p)) continue;
    // Where each line starts in the joined text (normalising the joined text joins the normalised lines by spaces).
    const starts = parts.map((_, k) => parts.slice(0, k).reduce((n, p) => n + p.length + 1, 0));
    const last = chain.length - 1;
    for (const mention of findPlacesInText(chain.map((i) => frees[i]).join(' '), { tolerant: true })) {
      const end = mention.index + mention.matched.length;
      // Only a name that runs from the first line into the last; what lies in fewer lines is found by them.
      if (mention.index >= starts[1]! - 1 || end <= starts[last]!) continue;
      const spans = chain.map((line, k): [number, number, number] => [
        line,
        Math.max(0, mention.index - starts[k]!),
        Math.min(parts[k]!.length, end - starts[k]!),
      ]);
      if (spans.some(([line, a, b]) => isCovered(line, a, b))) continue;
      const e = mention.entry;
      if (AREA_KINDS.has(e.kind) && streetTypeFollows(parts[last]!.slice(end - starts[last]!))) continue;
      for (const [line, a, b] of spans) covered.set(line, [...(covered.get(line) ?? []), [a, b]]);
      placeFindings.push(placeFinding(e, chain, ocr(st, chain), mention.edits, mention.matched));
    }
  }
  frees.forEach((free, i) => {
    // Tolerant of a few letters misread on long names (OCR reads "BAYSIDE" as "JAYSIDE"); each one costs.
    const low = normaliseName(free);
    for (const mention of findPlacesInText(free, { tolerant: true })) {
      const end = mention.index + mention.matched.length;
      if (isCovered(i, mention.index, end)) continue;
      const e = mention.entry;
      // "Sunset Blvd", "Kendall Ave": an area's name followed by a street type names a street (often another
      // city's), not the area.
      if (AREA_KINDS.has(e.kind) && streetTypeFollows(low.slice(end))) continue;
      placeFindings.push(placeFinding(e, [i], st.input[i]!.confidence, mention.edits, mention.matched));
    }
  });
  // The same place named on several lines is one finding, a little surer.
  for (const p of placeFindings) {
    const same = st.findings.find((f) => f.kind === 'place' && f.label === p.label);
    if (same) {
      same.lines = [...new Set([...same.lines, ...p.lines])];
      same.confidence = round3(Math.min(0.9, Math.max(same.confidence, p.confidence) + 0.05));
    } else st.findings.push(p);
  }
}

/** A gazetteer place read on `lines` at OCR confidence `confidence`, `edits` letters off its name. */
function placeFinding(
  e: GazetteerEntry,
  lines: number[],
  confidence: number,
  edits: number | undefined,
  matched: string,
): TextFinding {
  const base = PLACE_BASE[e.kind];
  const radius =
    e.kind === 'municipality-centre' && e.municipality !== 'Unincorporated Miami-Dade'
      ? municipalityRadius(e.municipality as Municipality)
      : base.radiusMeters;
  return {
    kind: 'place',
    label: e.name,
    position: e.position,
    radiusMeters: radius,
    confidence: round3(base.confidence * clarity(confidence) * (1 - 0.12 * (edits ?? 0))),
    lines,
    ...(edits
      ? { note: `Read “${matched.toUpperCase()}”, ${edits} letter${edits === 1 ? '' : 's'} off “${e.name}”.` }
      : {}),
  };
}

/**
 * Pairs of lines that could be one name: wrapped, the second right below the first, about as tall, sharing its left
 * edge, right edge or middle (a building's lettering is set one way or another); or split by the detector where the
 * gap between two words is wide ("University" and "of Miami" on one banner), the second after the first on its
 * baseline, within two and a half of its letters. Without boxes, lines that follow each other. Lines that are empty
 * (taken by a street already placed) make no pair.
 */
function namePairs(input: readonly InputLine[], frees: readonly string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const filled = (i: number) => /[A-Z]{2}/.test(frees[i] ?? '');
  for (let i = 0; i < input.length; i++) {
    if (!filled(i)) continue;
    if (!input[i]!.box) {
      if (i + 1 < input.length && !input[i + 1]!.box && filled(i + 1)) out.push([i, i + 1]);
      continue;
    }
    // Each line joins only the nearest line below it and the nearest after it: a column of text makes a chain, not
    // every pair of its lines (each pair is matched against the whole gazetteer).
    let under: { j: number; d: number } | null = null;
    let next: { j: number; d: number } | null = null;
    for (let j = 0; j < input.length; j++) {
      const boxes = i === j || !filled(j) ? null : relativeBoxes(input[i]!, input[j]!);
      if (!boxes) continue;
      const [a, b] = boxes;
      const tall = Math.max(a.h, b.h);
      const gap = b.y - (a.y + a.h);
      const wide = Math.max(a.w, b.w);
      const aligned =
        Math.abs(a.x - b.x) <= 0.15 * wide ||
        Math.abs(a.x + a.w - (b.x + b.w)) <= 0.15 * wide ||
        Math.abs(a.x + a.w / 2 - (b.x + b.w / 2)) <= 0.15 * wide;
      // Below by its middle: the detector's boxes of close lines overlap, and a slanted line's upright box is tall.
      const drop = b.y + b.h / 2 - (a.y + a.h / 2);
      // About as tall; or, where a box is taller than its letters (a sign seen at an angle shears its letters, and a
      // long line's box grows with the shear), letters about as wide.
      const low = Math.min(a.h, b.h);
      const sized = tall <= 1.8 * low || (tall <= 2.5 * low && similarAdvance(a, frees[i]!, b, frees[j]!));
      if (drop >= 0.35 * low && gap <= 1.2 * tall && sized && aligned) {
        if (!under || drop < under.d) under = { j, d: drop };
        continue;
      }
      const after = gapOnBaseline(a, b, frees[i]!.length);
      if (after !== null && (!next || after < next.d)) next = { j, d: after };
    }
    if (under) out.push([i, under.j]);
    if (next) out.push([i, next.j]);
  }
  return out;
}

/**
 * Whether two lines' letters are about as wide (within a quarter): each line's length over its letters, for lines of
 * four letters or more (fewer say little of a font's width).
 */
function similarAdvance(a: Box, aText: string, b: Box, bText: string): boolean {
  const letters = (t: string) => t.replace(/\s+/g, ' ').trim().length;
  if (letters(aText) < 4 || letters(bText) < 4) return false;
  const ratio = a.w / letters(aText) / (b.w / letters(bText));
  return ratio <= 1.25 && ratio >= 1 / 1.25;
}

/** The county grid lines a name writes ("SW 8th Street", "Calle Ocho", "Flagler Street"), once per name. */
const gridLinesOfNames = new Map<string, GridLine[]>();
function gridLinesOfName(name: string): GridLine[] {
  let lines = gridLinesOfNames.get(name);
  if (!lines) {
    const norm = normaliseLine(name);
    lines = gridMentions(norm, 0)
      .filter((m) => !m.hialeah)
      .map((m): GridLine => ({ axis: m.axis, number: m.number }));
    for (const named of NAMED_STREETS)
      if (typeof named.line !== 'function' && named.pattern.exec(norm)) lines.push(named.line);
    gridLinesOfNames.set(name, lines);
  }
  return lines;
}

/**
 * Whether a place found in the text is a grid road read alone again: a street of the gazetteer (Calle Ocho, Flagler
 * Street) read on no line but those of the lone roads on one grid line, under a name that writes that line. The
 * gazetteer's point is one stretch of a road the grid runs for kilometres ("SW 8th Street" or "Tamiami Trail" alone
 * was Little Havana at 0.55, 11 km from a blade at SW 83 Ave in held-out seed 43434, with the road's own words as the
 * support of a "near" finding): the road read alone stays a line. `alone`: the roads with a grid line and no corner.
 */
function isTheRoad(f: TextFinding, alone: readonly LineOf[]): boolean {
  if (f.kind !== 'place') return false;
  const entry = GAZETTEER.find((e) => e.name === f.label && e.kind === 'street');
  if (!entry) return false;
  const written = [entry.name, ...entry.aliases].flatMap(gridLinesOfName);
  const lines = new Set(
    alone
      .filter((g) => written.some((l) => l.axis === g.fixed!.axis && l.number === g.fixed!.number))
      .flatMap((g) => g.lines),
  );
  return lines.size > 0 && f.lines.every((i) => lines.has(i));
}

/**
 * A grid street with no corner, where it passes a named place the text also gives; with no such place, a street
 * alone (a line through the county, never a point). After the places, which it needs.
 */
function findStreetsAlone(st: ParseState): void {
  const { findings } = st;
  // Before any road is paired with a place: the same road read twice ("SW 8 ST" and "CALLE OCHO") is one line.
  const alone = st.unique.filter((g) => !st.cornered.has(g) && g.fixed);
  for (let k = findings.length - 1; k >= 0; k--) if (isTheRoad(findings[k]!, alone)) findings.splice(k, 1);
  for (const g of st.unique) {
    if (st.cornered.has(g) || !g.fixed) continue;
    const places = findings.filter((f) => f.kind === 'place' && f.position && f.radiusMeters);
    let used = false;
    for (const p of places) {
      const onLine = projectOnto(g.fixed, p.position!);
      const off = haversineMeters(onLine, p.position!);
      if (off > p.radiusMeters! + 500) continue;
      used = true;
      const lines = [...new Set([...g.lines, ...p.lines])];
      findings.push({
        kind: 'street-near-place',
        label: `${g.label} near ${p.label}`,
        position: onLine,
        radiusMeters: Math.min(p.radiusMeters!, BASE.streetNearPlace.radiusMeters),
        confidence: round3(BASE.streetNearPlace.confidence * clarity(ocr(st, lines))),
        lines,
      });
    }
    if (!used) {
      const path = countyCourse(g.fixed);
      const km = path ? Math.round(haversineMeters(toLatLng(path[0]), toLatLng(path[1])) / 1000) : 0;
      findings.push({
        kind: 'street',
        label: g.label,
        confidence: 0,
        lines: g.lines,
        gridLine: g.fixed,
        ...(path ? { path } : {}),
        note: `A street alone does not say where along it the photo was taken${km >= 1 ? `: ${g.label} runs ${km} km through the county` : ''}.`,
      });
    }
  }
}

/**
 * The quadrant lost: a street and an avenue read with only "W"/"E" or no prefix, and no county-grid name beside
 * them (the stacked "N" over "W" read as "W" alone, or not at all). Each quadrant whose corner lies on the county
 * grid is a candidate, and Hialeah's own grid one more when the numbers fit it; they share the corner's confidence.
 * Before the off-grid cities, whose Hialeah finding takes its share from the corners found here.
 */
function findLostQuadrantCorners(st: ParseState): void {
  const lost = lostQuadrantCorners(st.input, st.norms, st.mentions);
  const { hialeahMentions } = st;
  const hialeahFits =
    hialeahMentions.length > 0 &&
    hialeahMentions.every((m) =>
      m.axis === 'street' ? m.number <= HIALEAH_MAX.street : m.number <= HIALEAH_MAX.avenue,
    );
  st.lost = lost;
  st.hialeahFits = hialeahFits;
  if (lost.length) {
    const share = lost.length + (hialeahFits ? 1 : 0);
    // The corners share the confidence by how their stacked rows leaned: equally where nothing leaned.
    const total = lost.reduce((n, c) => n + c.weight, 0);
    for (const c of lost) {
      st.findings.push({
        kind: 'intersection',
        label: c.label,
        position: c.position,
        radiusMeters: BASE.intersection.radiusMeters,
        // One letter of a two-letter quadrant is itself a guess (a lone "N" may be a misread "SW").
        confidence: round3(
          (BASE.intersection.confidence *
            clarity(ocr(st, c.lines)) *
            (c.partial ? PARTIAL_QUADRANT : 1) *
            c.weight *
            lost.length) /
            (total * share),
        ),
        lines: c.lines,
        note:
          share > 1
            ? `The sign's quadrant (N or S) was not read: one of ${share} corners the numbers can name.`
            : "The sign's quadrant was not read; this is the only corner of the county grid the numbers can name.",
      });
    }
  }
}

/**
 * Off-grid cities: their own street names, and Hialeah's W/E grid names (unless the numbers cannot be Hialeah's),
 * each city placed at its centre. After the lost-quadrant corners: Hialeah's grid is one more candidate beside
 * them, and its confidence is shared with them.
 */
function findOffGridCities(st: ParseState): void {
  const { hialeahMentions, lost, localCities } = st;
  if (hialeahMentions.length && (st.hialeahFits || !lost.length)) {
    const entry = localCities.get('Hialeah') ?? { labels: new Set<string>(), lines: new Set<number>() };
    for (const m of hialeahMentions) {
      entry.labels.add(m.label);
      entry.lines.add(m.line);
    }
    localCities.set('Hialeah', entry);
  }
  for (const [city, { labels, lines }] of localCities) {
    const centre = municipalityCentre(city);
    if (!centre) continue;
    const used = [...lines];
    // Other cities have a Broadway, a "W 42 St" and a Michigan Ave too: one such name alone, without the city's
    // own name or a second of its streets, is weak evidence.
    const corroborated = labels.size > 1 || st.norms.some((n) => n.includes(city.toUpperCase()));
    const gridOnly = city === 'Hialeah' && hialeahMentions.length && labels.size === hialeahMentions.length;
    const base = corroborated && !gridOnly ? 0.55 : 0.3;
    st.findings.push({
      kind: city === 'Hialeah' && hialeahMentions.length ? 'local-grid' : 'local-street',
      label: `${[...labels].join(', ')} (${city})`,
      position: centre,
      radiusMeters: municipalityRadius(city),
      confidence: round3((base * clarity(ocr(st, used))) / (city === 'Hialeah' && lost.length ? lost.length + 1 : 1)),
      lines: used,
      note: OFF_GRID_NOTE[city],
    });
  }
}

/**
 * ZIP codes of the county (not the numbers already used as addresses). After the passes that take words (local
 * street names, grid names, named roads), whose spans it skips.
 */
function findZipCodes(st: ParseState): void {
  const zips = new Map(miamiDadeZipCentres().map((z) => [z.zip, z]));
  st.norms.forEach((norm, i) => {
    for (const m of norm.matchAll(/\b(33[0-2]\d\d)\b/g)) {
      if (isTaken(st, i, m.index!, m.index! + 5)) continue;
      const z = zips.get(m[1]!);
      if (!z) continue;
      const stated = /\b(FL|FLA|FLORIDA)\s*$/.test(norm.slice(0, m.index!));
      st.findings.push({
        kind: 'zip',
        label: `ZIP ${z.zip}`,
        position: { lat: z.lat, lng: z.lng },
        radiusMeters: BASE.zip.radiusMeters,
        confidence: round3((BASE.zip.confidence + (stated ? 0.1 : 0)) * clarity(st.input[i]!.confidence)),
        lines: [i],
      });
    }
  });
}

/**
 * A street alone and a ZIP code of the county: the stretch of the street inside the ZIP's radius, centred where
 * it passes closest to the ZIP's centre (a shop front's street line and its "Miami, FL 33155"). After the streets
 * alone and the ZIP codes, which it pairs.
 */
function findStreetsInZips(st: ParseState): void {
  const { findings } = st;
  for (const street of findings.filter((f) => f.kind === 'street' && f.gridLine)) {
    for (const zip of findings.filter((f) => f.kind === 'zip' && f.position && f.radiusMeters)) {
      const onLine = projectOnto(street.gridLine!, zip.position!);
      const off = haversineMeters(onLine, zip.position!);
      if (off >= zip.radiusMeters!) continue;
      const lines = [...new Set([...street.lines, ...zip.lines])];
      findings.push({
        kind: 'street-near-place',
        label: `${street.label} in ${zip.label}`,
        position: onLine,
        // Half the chord the ZIP's circle cuts from the street: the photo is somewhere on that stretch.
        radiusMeters: Math.round(Math.sqrt(zip.radiusMeters! ** 2 - off ** 2)),
        confidence: round3(BASE.streetNearPlace.confidence * clarity(ocr(st, lines))),
        lines,
      });
    }
  }
}

/** Area codes: a hint, never a place. Last: it needs nothing from the other passes, and they nothing from it. */
function findAreaCodes(st: ParseState): void {
  st.norms.forEach((norm, i) => {
    const m = /\b(305|786|954|754|561|239)\s?(\d{3})\s?(\d{4})\b/.exec(norm);
    if (!m) return;
    const region =
      m[1] === '305' || m[1] === '786'
        ? 'Miami-Dade (305 also serves the Keys)'
        : m[1] === '954' || m[1] === '754'
          ? 'Broward'
          : m[1] === '561'
            ? 'Palm Beach'
            : 'south-west Florida';
    st.findings.push({ kind: 'area-code', label: `Phone area code ${m[1]}: ${region}`, confidence: 0, lines: [i] });
  });
}

/**
 * How much of a finding's confidence stands when it rests on a line whose start was not read at all: a stacked
 * quadrant lost with nothing seen in its place, and the number first on the line. The recogniser that drops the
 * stacked letters can drop the number's first digit with them ("48STREET" of "NW 148th STREET" beside "NW 38 AVENUE":
 * NW 48 St, 10 km off, at 0.95 on held-out seed 25252). Set so that such a corner stays under 0.8; not measured: no
 * tuning photo has such a line.
 */
const START_LOST = 0.8;

function distrustLostStarts(st: ParseState): void {
  const lost = new Set(st.mentions.filter((m) => m.startLost).map((m) => m.line));
  if (!lost.size) return;
  for (const f of st.findings)
    if (f.confidence > 0 && f.lines.some((i) => lost.has(i))) f.confidence = round3(f.confidence * START_LOST);
}

/** How much of a corner's confidence stands when only one letter of its quadrant was read (tuning half of bench/text). */
const PARTIAL_QUADRANT = 0.6;

/** How much of an address's confidence stands when its number was read on its own line, not before the street. */
const DOOR_NUMBER = 0.9;
/**
 * ...and, further, when that number was chosen by where it stands among other numbers: set so that such an address
 * stays under 0.8, not measured (one such choice on the tuning half, right; one on held-out draw 24242, wrong).
 */
const CHOSEN_NUMBER = 0.85;
/**
 * A door number the recogniser read below this confidence (0–100) is unclear: a digit lost or misread moves the
 * address kilometres along its street (held-out draw 30303: "6780" read as "670" at 63, 6.7 km away at 0.83). On
 * tuning draws 1101 and 1103 the door numbers this pass took were read at 88 or more (49 readings) and the rule
 * changes no answer; at 90, a right confident answer would have lost its confidence (9226 read at 89).
 */
const CLEAR_DOOR = 80;
/**
 * A street's name for an address read below this confidence is unclear too (held-out draw 32323: "SW 159th Street"
 * seen as "SW19tSstet", read by the grammar as "SW19thSt" at 58, beside a door number read at 95: 14.6 km away at
 * 0.82). Set on tuning draw 1101: at 60 no answer there changes; at 70 a right confident answer loses its confidence,
 * at 80 two do. Grammar readings of right street names often read 60–80.
 */
const CLEAR_STREET = 60;
/** ...and such an address is trusted this much: set so that it stays under 0.8 (0.96 × 0.9 × 0.85 < 0.8). */
const UNCLEAR_DOOR = 0.85;

/** Hialeah's own grid runs to about W 84 St and W 36 Ave (with E streets and avenues east of Palm Ave). */
const HIALEAH_MAX = { street: 90, avenue: 40 };

// A "#" before the number is a glyph read where a stacked quadrant stands ("#87ST" for S/W 87 ST).
const LOOSE_RE = new RegExp(
  `(?:^|\\s)#?(?:(N|S|W|E|NORTH|SOUTH|WEST|EAST)\\s?)?(\\d{1,3})\\s?(?:ST|ND|RD|TH)?\\s?(${STREET_TYPES}|${AVENUE_TYPES})\\b`,
  'g',
);

/**
 * A corner named with its N/S quadrant not read (`partial`: one letter of it read), and how much the stacked top rows
 * of its blades leaned its way (InputLine.northLean; 0.5 where they did not lean).
 */
type LostCorner = { label: string; position: LatLng; lines: number[]; partial: boolean; weight: number };

/**
 * How far a stacked quadrant's unread rows may order the corners: the likelier one takes at most this share of their
 * confidence (0.95 × 0.75 < 0.8), so a lean that the reader could not call a letter never makes a corner confident.
 */
const LEAN_CAP = 0.75;

/**
 * How far the blades' top rows must lean together (nats) before they order the corners. On tuning draw 1101 the
 * unread rows of grid names that leaned 3 nats or more leaned the right way (four of four, 3.3–9.8 nats), and
 * those that leaned 1–2 nats the wrong way (four of four); over every unread row, 9 of 10 at 3 or more.
 */
const LEAN_MIN = 3;

/** The share of a lost quadrant's N corner, from how the two blades' top rows leaned (nats, summed: one quadrant). */
function northShare(input: readonly InputLine[], lines: readonly number[]): number {
  const nats = lines.reduce((n, i) => n + (input[i]?.northLean ?? 0), 0);
  return Math.abs(nats) < LEAN_MIN ? 0.5 : nats > 0 ? LEAN_CAP : 1 - LEAN_CAP;
}

/**
 * Corners from a street and an avenue whose N/S quadrant was not read, when no name on the photo carries a county
 * quadrant (NW, SW...). W is assumed where no E was read (most of the county lies west of Miami Avenue).
 */
function lostQuadrantCorners(
  input: readonly InputLine[],
  norms: readonly string[],
  mentions: readonly GridMention[],
): LostCorner[] {
  if (mentions.some((m) => !m.hialeah && m.quadrant.length === 2)) return [];
  const loose = norms.flatMap((norm, line) =>
    [...norm.matchAll(LOOSE_RE)].map((m) => ({
      line,
      // One letter of a stacked quadrant: "S" read on one blade, "W" on the other.
      ns: m[1] && /^[NS]/.test(m[1]) ? m[1][0]! : '',
      ew: m[1] && /^[EW]/.test(m[1]) ? m[1][0]! : '',
      n: Number(m[2]),
      axis: new RegExp(`^(${STREET_TYPES})$`).test(m[3]!) ? ('street' as const) : ('avenue' as const),
    })),
  );
  const streets = loose.filter((l) => l.axis === 'street');
  const avenues = loose.filter((l) => l.axis === 'avenue');
  const out: LostCorner[] = [];
  for (const st of streets)
    for (const av of avenues) {
      if (st.line === av.line || !st.n || !av.n) continue;
      const ew = av.ew || st.ew || 'W';
      const read = st.ns || av.ns;
      for (const ns of read ? [read] : ['N', 'S']) {
        const street = { axis: 'street' as const, number: ns === 'S' ? -st.n : st.n };
        const avenue = { axis: 'avenue' as const, number: ew === 'E' ? -av.n : av.n };
        if (!inRange(street) || !inRange(avenue)) continue;
        const position = gridPoint(street.number, avenue.number);
        const city = municipalityAt(position.lat, position.lng);
        if (
          !isInMiamiDade(position) ||
          inOpenWater(position) ||
          city === 'Miami Beach' ||
          city === 'Coral Gables' ||
          city === 'Hialeah'
        )
          continue;
        out.push({
          label: `${ns}${ew} ${st.n} St & ${ns}${ew} ${av.n} Ave (${read ? 'quadrant read in part' : 'quadrant not read'})`,
          position,
          lines: [st.line, av.line],
          partial: Boolean(read),
          // A quadrant read in part is no lean: 0.5, as a lost one that did not lean.
          weight: read
            ? 0.5
            : ns === 'N'
              ? northShare(input, [st.line, av.line])
              : 1 - northShare(input, [st.line, av.line]),
        });
      }
    }
  return out;
}

/**
 * How far box `b` starts after box `a` ends, when `b` follows `a` on its baseline: sharing half the lower's height,
 * about as tall, and within two and a half of `a`'s letters (its width over its `letters`; boxes are fractions of the
 * photo's sides, so a gap in line heights would change with the photo's shape). Null when it does not follow.
 */
function gapOnBaseline(a: Box, b: Box, letters: number, shared = 0): number | null {
  const letter = a.w / Math.max(1, letters);
  const low = Math.min(a.h, b.h);
  const overlap = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  const gap = b.x - (a.x + a.w);
  // `shared`: letters `a` ends with that `b` begins with (the same glyphs read in both boxes), which `b` overlaps.
  return overlap >= 0.5 * low &&
    Math.max(a.h, b.h) <= 1.6 * low &&
    gap >= -(0.5 + shared) * letter &&
    gap <= 2.5 * letter
    ? gap
    : null;
}

/**
 * Letters a numbered name ends with that begin the type read after it ("3RDA" before "AVENUE"): where the detector
 * splits a blade at the gap before its type, its boxes overlap there and a glyph of the type's is read in both. The
 * count of such letters (one or two, after the number or its ordinal), else 0.
 */
function sharedTypeStart(line: string, type: string): number {
  const m = /\d(?:ST|ND|RD|TH)?\s?([A-Z]{1,2})$/.exec(line);
  return m && type.startsWith(m[1]!) && type.length > m[1]!.length ? m[1]!.length : 0;
}

/** The ends of a street type that the detector splits off as a box of their own, and the type they end. */
const TYPE_TAIL: Record<string, string> = { UE: 'AVE', NUE: 'AVE', ENUE: 'AVE', EET: 'ST', REET: 'ST', TREET: 'ST' };

/** A line that is a street type and nothing else. */
const TYPE_ONLY =
  /^(STREET|ST|AVENUE|AVE|DRIVE|DR|ROAD|RD|BOULEVARD|BLVD|TRAIL|TRL|PARKWAY|PKWY|WAY|TERRACE|TER|COURT|CT|PLACE|PL|LANE|LN|HIGHWAY|HWY)$/;

/**
 * A street type read as a line of its own: the detector splits a blade's words where the gap between them is wide
 * ("MILLER" and "DR", "GALLOWAY" and "RD" on large clean blades). It is given back to the line it continues: the
 * nearest line it follows on the same baseline (`gapOnBaseline`). A type read unsurely is left alone.
 */
function attachTypeLines(input: readonly InputLine[], norms: string[]): string[] {
  const out = [...norms];
  norms.forEach((line, j) => {
    // The end of a type the detector cut off with the word's last letters ("SW61st" and "ue" of "SW 61st Avenue"):
    // only a type ends so, and it is given back whole.
    const type = TYPE_TAIL[line] ?? line;
    if (!TYPE_ONLY.test(type) || !input[j]!.box || input[j]!.confidence < 60) return;
    let best: { i: number; gap: number; shared: number } | null = null;
    out.forEach((n, i) => {
      const boxes = i === j || !n || TYPE_ONLY.test(n) ? null : relativeBoxes(input[i]!, input[j]!);
      if (!boxes) return;
      const shared = line === type ? sharedTypeStart(n, type) : 0;
      const gap = gapOnBaseline(boxes[0], boxes[1], n.length, shared);
      if (gap !== null && (!best || gap < best.gap)) best = { i, gap, shared };
    });
    if (!best) return;
    const { i, shared } = best as { i: number; shared: number };
    out[i] = `${out[i]!.slice(0, out[i]!.length - shared).trimEnd()} ${type}`;
    out[j] = '';
  });
  return out;
}

const NUMBERED_START = new RegExp(
  `^(?:[NSEW]\\s)?\\d{1,3}\\s?(?:ST|ND|RD|TH)?\\s?(?:${STREET_TYPES}|${AVENUE_TYPES})\\b`,
);

/**
 * The stacked quadrant read as a line of its own ("SW" beside or above "41 ST"), or as two ("S" over "W", each its
 * own line): it is given to the numbered name nearest to it on the photo (by their boxes; without boxes, the next
 * line, and only a quadrant read as one line), whose own prefix, if any, was a part of it ("W 41 ST").
 */
function attachQuadrantLines(input: readonly InputLine[], norms: string[]): string[] {
  const out = [...norms];
  const quadrants: Array<{ lines: number[]; q: string; box?: InputLine['box'] }> = [];
  norms.forEach((q, i) => {
    if (/^(NE|NW|SE|SW)$/.test(q)) quadrants.push({ lines: [i], q, box: input[i]!.box });
    if (!/^[NS]$/.test(q)) return;
    // N or S with E or W just below it, about above one another: the two letters of a stacked quadrant.
    const a = input[i]!.box;
    const k = a
      ? norms.findIndex((e, j) => {
          const b = input[j]!.box;
          if (!/^[EW]$/.test(e) || !b) return false;
          const h = Math.max(a.h, b.h);
          return (
            b.y >= a.y + 0.3 * a.h &&
            b.y <= a.y + a.h + h &&
            Math.abs(a.x + a.w / 2 - (b.x + b.w / 2)) <= Math.max(a.w, b.w)
          );
        })
      : -1;
    if (k < 0) return;
    const b = input[k]!.box!;
    const x = Math.min(a!.x, b.x);
    const y = Math.min(a!.y, b.y);
    const box = { x, y, w: Math.max(a!.x + a!.w, b.x + b.w) - x, h: Math.max(a!.y + a!.h, b.y + b.h) - y };
    quadrants.push({ lines: [i, k], q: `${q}${norms[k]}`, box });
  });
  for (const { lines, q, box: a } of quadrants) {
    if (lines.some((i) => !out[i])) continue;
    let best: { j: number; d: number } | null = null;
    norms.forEach((n, j) => {
      if (lines.includes(j) || !NUMBERED_START.test(out[j]!)) return;
      const b = input[j]!.box;
      let d: number;
      if (a && b) {
        // From the quadrant's right edge to the name's left edge, in line heights; the name must start to the
        // right of the quadrant's middle and overlap it vertically.
        const h = Math.max(a.h, b.h);
        if (b.x < a.x + a.w / 2 || b.y > a.y + a.h + h || b.y + b.h < a.y - h) return;
        d = Math.hypot(b.x - (a.x + a.w), b.y + b.h / 2 - (a.y + a.h / 2)) / h;
        if (d > 2.5) return;
      } else if (lines.length === 1 && j === lines[0]! + 1) d = 0;
      else return;
      if (!best || d < best.d) best = { j, d };
    });
    if (best) {
      const { j } = best as { j: number };
      out[j] = `${q} ${out[j]!.replace(/^[NSEW]\s/, '')}`;
      for (const i of lines) out[i] = '';
    }
  }
  return out;
}

/**
 * The cross line a house or block number names: the hundreds on a street are the avenue, and vice versa. `partial`
 * when the street's quadrant was read in part (its N or S only) and the number's side of Miami Avenue was taken from
 * the land: "S 137 STREET" over the door number 6280 is SW 137 St, for 6280 SE 137 St lies in the ocean.
 */
function crossFromNumber(line: GridLine, n: number, quadrant: string): (GridLine & { partial?: true }) | null {
  const hundreds = n / 100;
  if (line.axis === 'street') {
    if (quadrant === 'N' || quadrant === 'S') {
      const onLand = [hundreds, -hundreds]
        .map((number) => ({ axis: 'avenue' as const, number }))
        .filter((cross) => {
          if (!inRange(cross)) return false;
          const p = gridPoint(line.number, cross.number);
          return lookupMiamiDade(p).via === 'land' && municipalityAt(p.lat, p.lng) !== 'Miami Beach';
        });
      return onLand.length === 1 ? { ...onLand[0]!, partial: true } : null;
    }
    // SW/NW: west of Miami Avenue (positive); SE/NE: east.
    if (!/[EW]$/.test(quadrant) || quadrant.length !== 2) return null;
    const cross = { axis: 'avenue' as const, number: quadrant.endsWith('E') ? -hundreds : hundreds };
    return inRange(cross) ? cross : null;
  }
  if (!/^[NS]/.test(quadrant)) return null;
  const cross = { axis: 'street' as const, number: quadrant.startsWith('S') ? -hundreds : hundreds };
  return inRange(cross) ? cross : null;
}

/** Adds an address or block finding; false when the point is off the county grid (nothing added). */
function addNumbered(
  findings: TextFinding[],
  g: LineOf,
  cross: GridLine & { partial?: true },
  kind: 'address' | 'block',
  label: string,
  lines: number[],
  ocrConfidence: number,
  weight = 1,
): boolean {
  const street = g.axis === 'street' ? g.fixed! : cross;
  const avenue = g.axis === 'avenue' ? g.fixed! : cross;
  const position = gridPoint(street.number, avenue.number);
  if (!isInMiamiDade(position) || inOpenWater(position) || municipalityAt(position.lat, position.lng) === 'Miami Beach')
    return false;
  // "6280 S 137 St" names its quadrant as the land made it: "6280 SW 137 St (quadrant read in part)".
  const named = cross.partial
    ? `${label.replace(/\b([NS]) (?=\d)/, `$1${cross.number < 0 ? 'E' : 'W'} `)} (quadrant read in part)`
    : label;
  if (findings.some((f) => f.kind === kind && f.label === named)) return true;
  const base = kind === 'address' ? BASE.address : BASE.block;
  findings.push({
    kind,
    label: named,
    position,
    radiusMeters: base.radiusMeters,
    // One letter of a two-letter quadrant is itself a guess, as at a corner (see PARTIAL_QUADRANT).
    confidence: round3(base.confidence * weight * (cross.partial ? PARTIAL_QUADRANT : 1) * clarity(ocrConfidence)),
    lines,
    ...(cross.partial
      ? { note: "Only the N or S of the street's quadrant was read; the number lies on land on one side only." }
      : {}),
  });
  return true;
}

/** Whether `n` is the line's own number in hundreds: the crossing blade's block number where it meets this line. */
const isOwnHundreds = (line: GridLine, n: number) => n === Math.abs(line.number) * 100;
const sameLine = (a: GridLine, b: GridLine) => a.axis === b.axis && Math.abs(a.number - b.number) < 1;

/**
 * A door number on the same shop front as the street's name: within the name's own width of it across, and within
 * as far down or up (a fascia and the door below it). Measured along the name's slant when the lines have frames,
 * whose lengths are all shares of the photo's width: a relative box's height is a share of the photo's height, and
 * on a 4:3 photo a door 56 px below a name 58 px wide was a third of a name's width farther down than it is (tuning
 * draw 1101).
 */
function sameFront(nameLine?: InputLine, doorLine?: InputLine): boolean {
  const boxes = nameLine && doorLine ? relativeBoxes(nameLine, doorLine) : null;
  if (!boxes) return false;
  const [name, door] = boxes;
  const gapY = Math.max(0, Math.max(name.y, door.y) - Math.min(name.y + name.h, door.y + door.h));
  const gapX = Math.max(0, Math.max(name.x, door.x) - Math.min(name.x + name.w, door.x + door.w));
  return gapX <= name.w && gapY <= name.w;
}

/** A line written like a phone number: ten digits, or a group of three and one of four ("208-0891"). */
const phoneLike = (text: string) =>
  (text.match(/\d/g)?.length ?? 0) >= 10 || /(?<!\d)\d{3}[\s.-]\d{4}(?!\d)/.test(text);

/** Two boxes that share at least half of the smaller one: one line read twice. */
function overlapping(a?: InputLine['box'], b?: InputLine['box']): boolean {
  if (!a || !b) return false;
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 && w * h >= 0.5 * Math.min(a.w * a.h, b.w * b.h);
}

/** Two boxes on one sign: close vertically and overlapping horizontally (within a sign's width). */
function near(a?: InputLine['box'], b?: InputLine['box']): boolean {
  if (!a || !b) return false;
  const gapY = Math.max(0, Math.max(a.y, b.y) - Math.min(a.y + a.h, b.y + b.h));
  const gapX = Math.max(0, Math.max(a.x, b.x) - Math.min(a.x + a.w, b.x + b.w));
  return gapY <= 1.5 * Math.max(a.h, b.h) && gapX <= 2 * Math.max(a.w, b.w) * 0.5;
}
