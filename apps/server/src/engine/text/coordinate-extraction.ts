/**
 * The spec's coordinate-extraction order for a free-text model answer (R-ANALYSIS-9), kept as a pure library.
 *
 * Steps, first match wins, and only coordinates inside the Miami-Dade box (R-ANALYSIS-10) are accepted:
 *   1. the exact "Coordinates: dd.dddd, -dd.dddd" line;
 *   2. labelled patterns (coordinates / gps / location / lat-long labels), bracketed bare pairs, pairs with
 *      hemisphere letters or degree signs, and degrees-minutes-seconds;
 *   3. a looser pair pattern on normalised text (unicode minus and degree signs, markdown, decimal commas);
 *   4. looser "lat … lon …" patterns on the raw text;
 *   5. any two numbers near each other that are in range;
 *   6. the keyword fallback: monastery/ancient/spanish → the Ancient Spanish Monastery; beach/ocean/water →
 *      Miami Beach; downtown/skyline/building → downtown Miami; coral gables/biltmore → Coral Gables (the Biltmore);
 *   7. the landmark-name table (the gazetteer);
 *   and otherwise central Miami (25.7617, -80.1918), the spec's "otherwise" of step 6, which is taken only
 *   after the landmark table has had its say.
 *
 * A longitude is never given a minus sign it did not have: "25.77, 80.19" is a point in India, and the product
 * does not move places into Miami-Dade. A west ("W") hemisphere letter does make it negative.
 */
import { DOWNTOWN_MIAMI, MIAMI_DADE_BOX } from '@vt/shared/constants';
import { findPlacesInText, getPlace, type GazetteerEntry } from '../geo/gazetteer';

export type ExtractionStep =
  | 'exact-coordinates-line'
  | 'labelled-pattern'
  | 'normalised-loose'
  | 'raw-loose'
  | 'nearby-numbers'
  | 'keyword-fallback'
  | 'landmark-table'
  | 'default-central-miami';

export const STEP_NUMBER: Record<ExtractionStep, number> = {
  'exact-coordinates-line': 1,
  'labelled-pattern': 2,
  'normalised-loose': 3,
  'raw-loose': 4,
  'nearby-numbers': 5,
  'keyword-fallback': 6,
  'landmark-table': 7,
  'default-central-miami': 6,
};

export interface RejectedCoordinate {
  lat: number;
  lng: number;
  step: ExtractionStep;
  matchedText: string;
}

export type LocationNameSource = 'label' | 'landmark' | 'keyword';

export interface ExtractionResult {
  lat: number;
  lng: number;
  step: ExtractionStep;
  /** The text that decided the result: the numbers, the keyword or the landmark name; null for the default. */
  matchedText: string | null;
  /** True when the coordinates were read as numbers from the text (steps 1–5). */
  fromNumbers: boolean;
  /** The gazetteer place behind a keyword, landmark or default result. */
  placeId?: string;
  /** True when the pair was written longitude first (e.g. GeoJSON order) and was swapped. */
  swapped?: boolean;
  locationName: string | null;
  locationNameSource: LocationNameSource | null;
  /** Coordinates the text did state but that lie outside the Miami-Dade box, in the order found. */
  outOfBox: RejectedCoordinate[];
}

export function inMiamiDadeBox(lat: number, lng: number): boolean {
  return (
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat >= MIAMI_DADE_BOX.minLat &&
    lat <= MIAMI_DADE_BOX.maxLat &&
    lng >= MIAMI_DADE_BOX.minLng &&
    lng <= MIAMI_DADE_BOX.maxLng
  );
}

// ---------------------------------------------------------------------------------------------------------
// Number pairs

const NUM = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const DEC = String.raw`[-+]?\d{1,3}\.\d+`;
const DEGREE = String.raw`(?:\s*(?:°|º|˚|deg(?:rees?)?\b))?`;
const HEMI = String.raw`(?:\s*(north|south|east|west|[NSEW])\b)?`;
const HEMI_REQUIRED = String.raw`\s*(north|south|east|west|[NSEW])\b`;

type Hemisphere = 'N' | 'S' | 'E' | 'W' | undefined;

function hemisphere(raw: string | undefined): Hemisphere {
  if (!raw) return undefined;
  const c = raw[0]!.toUpperCase();
  return c === 'N' || c === 'S' || c === 'E' || c === 'W' ? c : undefined;
}

function signed(value: number, hemi: Hemisphere): number {
  if (hemi === 'S' || hemi === 'W') return -Math.abs(value);
  if (hemi === 'N' || hemi === 'E') return Math.abs(value);
  return value;
}

interface Pair {
  lat: number;
  lng: number;
  swapped: boolean;
}

/**
 * Turns two numbers (with optional hemisphere letters) into lat/lng. Letters decide the order when present;
 * otherwise the pair is taken as lat, lng, or swapped when only the other order lands in the box.
 */
function toPair(a: number, ha: Hemisphere, b: number, hb: Hemisphere): Pair {
  const aIsLng = ha === 'E' || ha === 'W';
  const bIsLat = hb === 'N' || hb === 'S';
  if (aIsLng || bIsLat) return { lat: signed(b, hb), lng: signed(a, ha), swapped: true };
  const lat = signed(a, ha);
  const lng = signed(b, hb);
  if (!ha && !hb && !inMiamiDadeBox(lat, lng) && inMiamiDadeBox(lng, lat)) return { lat: lng, lng: lat, swapped: true };
  return { lat, lng, swapped: false };
}

function dmsToDecimal(deg: string, min: string | undefined, sec: string | undefined): number {
  return Number(deg) + (min ? Number(min) / 60 : 0) + (sec ? Number(sec) / 3600 : 0);
}

interface Candidate extends Pair {
  matchedText: string;
}

type Finder = (text: string) => Candidate[];

function allMatches(re: RegExp, text: string, build: (m: RegExpExecArray) => Pair | null): Candidate[] {
  const out: Candidate[] = [];
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (let m = g.exec(text); m; m = g.exec(text)) {
    const pair = build(m);
    if (pair && Number.isFinite(pair.lat) && Number.isFinite(pair.lng)) out.push({ ...pair, matchedText: m[0].trim() });
    if (m[0].length === 0) g.lastIndex++;
  }
  return out;
}

function numericPair(m: RegExpExecArray, i: number): Pair {
  return toPair(Number(m[i]), hemisphere(m[i + 1]), Number(m[i + 2]), hemisphere(m[i + 3]));
}

// Step 1 ------------------------------------------------------------------------------------------------------
const EXACT_LINE = new RegExp(
  String.raw`^[ \t]*Coordinates:[ \t]*(-?\d{1,2}\.\d+),[ \t]*(-?\d{1,3}\.\d+)[ \t]*$`,
  'gm',
);

const step1: Finder = (text) =>
  allMatches(EXACT_LINE, text, (m) => ({ lat: Number(m[1]), lng: Number(m[2]), swapped: false }));

// Step 2 ------------------------------------------------------------------------------------------------------
const LABEL = String.raw`(?:gps\s+coordinates|coordinates?|coords?|gps|location|position|geo(?:location)?|lat\s*[/,&]\s*(?:lng|lon|long)|latitude\s*[/,&]\s*longitude|lat(?:itude)?\s*and\s*lon(?:g|gitude)?|latlng)`;
// Punctuation between a label and its value: colon, equals, markdown emphasis, quotes, brackets.
// No minus sign here, so the gap cannot swallow the sign of the number that follows.
const LABEL_GAP = String.raw`[\s:=*_"'\[\](){}]{0,8}`;
const PAIR_SEP = String.raw`\s*(?:,|;|/|\s)\s*`;
const DMS = String.raw`(\d{1,3})\s*(?:°|º|˚|\s)\s*(\d{1,2}(?:\.\d+)?)\s*['′’]\s*(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|″|”|''))?`;

const LABELLED_DECIMAL = new RegExp(
  `${LABEL}${LABEL_GAP}(${NUM})${DEGREE}${HEMI}${PAIR_SEP}(${NUM})${DEGREE}${HEMI}`,
  'gi',
);
const LABELLED_SEPARATE = new RegExp(
  String.raw`\blat(?:itude)?\b${LABEL_GAP}(${NUM})${DEGREE}${HEMI}[\s\S]{0,60}?\b(?:lng|lon|long|longitude)\b${LABEL_GAP}(${NUM})${DEGREE}${HEMI}`,
  'gi',
);
const BRACKETED = new RegExp(
  String.raw`[(\[]\s*(${NUM})${DEGREE}${HEMI}\s*[,;]\s*(${NUM})${DEGREE}${HEMI}\s*[)\]]`,
  'gi',
);
const HEMISPHERE_PAIR = new RegExp(
  `(${NUM})${DEGREE}${HEMI_REQUIRED}${PAIR_SEP}(${NUM})${DEGREE}${HEMI_REQUIRED}`,
  'gi',
);
const DMS_PAIR = new RegExp(`${DMS}\\s*([NS])${PAIR_SEP}${DMS}\\s*([EW])`, 'gi');
// GPS-receiver style with the hemisphere first: "N25°46.440' W080°11.620'" or "N 25.7743 W 80.1937".
const prefixComponent = (letters: string) =>
  String.raw`(?<![A-Za-z])(${letters})\s*(\d{1,3}(?:\.\d+)?)\s*(?:°|º|˚)?\s*(?:(\d{1,2}(?:\.\d+)?)\s*['′’]\s*)?(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|″|”|'')\s*)?`;
const PREFIX_PAIR = new RegExp(`${prefixComponent('[NS]')}[,;/\\s]*${prefixComponent('[EW]')}`, 'g');

const step2: Finder = (text) => {
  const found: Array<Candidate & { at: number }> = [];
  const collect = (re: RegExp, build: (m: RegExpExecArray) => Pair | null) => {
    const g = new RegExp(re.source, re.flags);
    for (let m = g.exec(text); m; m = g.exec(text)) {
      const pair = build(m);
      if (pair) found.push({ ...pair, matchedText: m[0].trim(), at: m.index });
    }
  };
  collect(LABELLED_DECIMAL, (m) => numericPair(m, 1));
  collect(LABELLED_SEPARATE, (m) => {
    const lat = signed(Number(m[1]), hemisphere(m[2]));
    const lng = signed(Number(m[3]), hemisphere(m[4]));
    return { lat, lng, swapped: false };
  });
  collect(DMS_PAIR, (m) => ({
    lat: signed(dmsToDecimal(m[1]!, m[2], m[3]), hemisphere(m[4])),
    lng: signed(dmsToDecimal(m[5]!, m[6], m[7]), hemisphere(m[8])),
    swapped: false,
  }));
  collect(PREFIX_PAIR, (m) => ({
    lat: signed(dmsToDecimal(m[2]!, m[3], m[4]), hemisphere(m[1])),
    lng: signed(dmsToDecimal(m[6]!, m[7], m[8]), hemisphere(m[5])),
    swapped: false,
  }));
  collect(HEMISPHERE_PAIR, (m) => numericPair(m, 1));
  collect(BRACKETED, (m) => numericPair(m, 1));
  // Earliest in the text first; among patterns starting at the same place, the order above.
  return found.sort((a, b) => a.at - b.at).map(({ at: _at, ...c }) => c);
};

// Step 3 ------------------------------------------------------------------------------------------------------
/** Unicode minus/dashes, degree look-alikes, smart quotes and markdown removed; whitespace collapsed. */
export function normaliseForCoordinates(text: string): string {
  // Degree look-alikes first: NFKC would turn "º" into "o" and "˚" into a combining ring.
  return text
    .replace(/[º˚\u00B0\u02DA\u2070]/g, '°')
    .normalize('NFKC')
    .replace(/[\u2212\u2012\u2013\u2014\u2010\u2011\uFE63\uFF0D]/g, '-')
    .replace(/[\u2032\u2019\u2018`´]/g, "'")
    .replace(/[\u2033\u201C\u201D]/g, '"')
    .replace(/[*_~#>|]+/g, ' ')
    .replace(/-\s+(?=\d)/g, '-')
    .replace(/\s+/g, ' ');
}

const LOOSE_PAIR = new RegExp(`(${DEC})${DEGREE}${HEMI}\\s*[,;/]?\\s*(${DEC})${DEGREE}${HEMI}`, 'gi');
// "25,7617; -80,1918" or "25,7617 -80,1918": decimal commas, told apart from the list comma by the separator.
const DECIMAL_COMMA_PAIR = /([-+]?\d{1,3}),(\d{2,})\s*(?:;|\/|\s)\s*([-+]?\d{1,3}),(\d{2,})/g;

const step3: Finder = (text) => {
  const norm = normaliseForCoordinates(text);
  return [
    ...allMatches(LOOSE_PAIR, norm, (m) => numericPair(m, 1)),
    ...allMatches(DECIMAL_COMMA_PAIR, norm, (m) =>
      toPair(Number(`${m[1]}.${m[2]}`), undefined, Number(`${m[3]}.${m[4]}`), undefined),
    ),
  ];
};

// Step 4 ------------------------------------------------------------------------------------------------------
const RAW_LAT_LON = new RegExp(
  String.raw`\blat\w*[^\d+-]{0,25}?(${NUM})${DEGREE}${HEMI}[\s\S]{0,80}?\b(?:lng|lon|long|longitude)\w*[^\d+-]{0,25}?(${NUM})${DEGREE}${HEMI}`,
  'gi',
);
const RAW_LON_LAT = new RegExp(
  String.raw`\b(?:lng|lon|long|longitude)\w*[^\d+-]{0,25}?(${NUM})${DEGREE}${HEMI}[\s\S]{0,80}?\blat\w*[^\d+-]{0,25}?(${NUM})${DEGREE}${HEMI}`,
  'gi',
);

const step4: Finder = (text) => [
  ...allMatches(RAW_LAT_LON, text, (m) => ({
    lat: signed(Number(m[1]), hemisphere(m[2])),
    lng: signed(Number(m[3]), hemisphere(m[4])),
    swapped: false,
  })),
  ...allMatches(RAW_LON_LAT, text, (m) => ({
    lat: signed(Number(m[3]), hemisphere(m[4])),
    lng: signed(Number(m[1]), hemisphere(m[2])),
    swapped: true,
  })),
];

// Step 5 ------------------------------------------------------------------------------------------------------
const ANY_NUMBER = /[-+−]?\d+(?:\.\d+)?/g;
const NEARBY_CHARS = 60;

const step5: Finder = (text) => {
  const nums: Array<{ value: number; index: number; raw: string }> = [];
  for (let m = ANY_NUMBER.exec(text); m; m = ANY_NUMBER.exec(text)) {
    nums.push({ value: Number(m[0].replace('−', '-')), index: m.index, raw: m[0] });
  }
  ANY_NUMBER.lastIndex = 0;
  const out: Candidate[] = [];
  for (let i = 0; i + 1 < nums.length; i++) {
    const a = nums[i]!;
    for (let j = i + 1; j < nums.length && nums[j]!.index - (a.index + a.raw.length) <= NEARBY_CHARS; j++) {
      const b = nums[j]!;
      const pair = toPair(a.value, undefined, b.value, undefined);
      // Only pairs that land in the box count here: two random numbers elsewhere are not a statement.
      if (inMiamiDadeBox(pair.lat, pair.lng))
        out.push({ ...pair, matchedText: text.slice(a.index, b.index + b.raw.length) });
    }
  }
  return out;
};

// Step 6 ------------------------------------------------------------------------------------------------------
interface KeywordRule {
  placeId: string;
  pattern: RegExp;
  name: string;
}

/** The spec's keyword groups, in the spec's order. */
export const KEYWORD_RULES: readonly KeywordRule[] = [
  {
    placeId: 'ancient-spanish-monastery',
    pattern: /\b(monaster(?:y|ies|io)|ancient|spanish)\b/i,
    name: 'Ancient Spanish Monastery',
  },
  { placeId: 'miami-beach', pattern: /\b(beach(?:es)?|ocean|water(?:front)?)\b/i, name: 'Miami Beach' },
  { placeId: 'downtown-miami', pattern: /\b(downtown|skyline|buildings?)\b/i, name: 'Downtown Miami' },
  { placeId: 'biltmore-hotel', pattern: /\b(coral\s+gables|biltmore)\b/i, name: 'Coral Gables' },
];

// ---------------------------------------------------------------------------------------------------------
// Location name

const NAME_LABEL = /^[\s*_#>-]*(?:location|neighbou?rhood|place)[\s*_]*:[\s*_]*(.+)$/gim;

function cleanName(raw: string): string {
  return (
    raw
      .replace(/[*_`#]+/g, '')
      // "Brickell (25.7617, -80.1918)" or "Brickell - 25.7617, -80.1918": the numbers are not part of the name.
      .replace(/[([]\s*[-+\u2212]?\d[\d.,°'"\sNSEWnsew+\u2212-]*[)\]]/g, '')
      .replace(
        /(?:\s+[-\u2013\u2014:@]|\s+at)?\s+[-+\u2212]?\d{1,3}\.\d+°?\s*[NSns]?\s*[,;/]?\s*[-+\u2212]?\d{1,3}\.\d+°?\s*[EWew]?\s*$/,
        '',
      )
      .replace(/\s+/g, ' ')
      .replace(/[\s.,;:]+$/, '')
      .trim()
      .slice(0, 120)
  );
}

function looksNumeric(s: string): boolean {
  return /^[\d\s.,;°'"NSEWnsew+\u2212-]+$/.test(s);
}

/** The most specific gazetteer place named in the text: anything before a bare municipality, then text order. */
function bestLandmark(text: string): { entry: GazetteerEntry; matched: string } | null {
  const mentions = findPlacesInText(text);
  const specific = mentions.find((m) => m.entry.kind !== 'municipality-centre');
  const municipal = mentions.find((m) => m.entry.kind === 'municipality-centre' && m.entry.id !== 'miami');
  const pick = specific ?? municipal;
  return pick ? { entry: pick.entry, matched: pick.matched } : null;
}

export interface ExtractedName {
  name: string;
  source: LocationNameSource;
}

/** The place name in the text: a "Location:", "Neighborhood:" or "Place:" label, else a known name or keyword. */
export function extractLocationName(text: string): ExtractedName | null {
  NAME_LABEL.lastIndex = 0;
  for (let m = NAME_LABEL.exec(text); m; m = NAME_LABEL.exec(text)) {
    const name = cleanName(m[1] ?? '');
    if (name && !looksNumeric(name)) {
      NAME_LABEL.lastIndex = 0;
      return { name, source: 'label' };
    }
  }
  const landmark = bestLandmark(text);
  if (landmark) return { name: landmark.entry.name, source: 'landmark' };
  for (const rule of KEYWORD_RULES) if (rule.pattern.test(text)) return { name: rule.name, source: 'keyword' };
  return null;
}

// ---------------------------------------------------------------------------------------------------------

const NUMERIC_STEPS: Array<[ExtractionStep, Finder]> = [
  ['exact-coordinates-line', step1],
  ['labelled-pattern', step2],
  ['normalised-loose', step3],
  ['raw-loose', step4],
  ['nearby-numbers', step5],
];

/** Runs the spec's extraction order on a model's free-text answer. Never throws; always returns a point. */
export function extractCoordinates(input: string | null | undefined): ExtractionResult {
  const text = typeof input === 'string' ? input : '';
  const outOfBox: RejectedCoordinate[] = [];
  const seen = new Set<string>();
  const name = extractLocationName(text);
  const base = { locationName: name?.name ?? null, locationNameSource: name?.source ?? null, outOfBox };

  for (const [step, find] of NUMERIC_STEPS) {
    for (const c of find(text)) {
      if (inMiamiDadeBox(c.lat, c.lng)) {
        return {
          lat: c.lat,
          lng: c.lng,
          step,
          matchedText: c.matchedText,
          fromNumbers: true,
          ...(c.swapped ? { swapped: true } : {}),
          ...base,
        };
      }
      const key = `${c.lat},${c.lng}`;
      if (!seen.has(key) && Math.abs(c.lat) <= 90 && Math.abs(c.lng) <= 180) {
        seen.add(key);
        outOfBox.push({ lat: c.lat, lng: c.lng, step, matchedText: c.matchedText });
      }
    }
  }

  for (const rule of KEYWORD_RULES) {
    const m = rule.pattern.exec(text);
    const place = getPlace(rule.placeId);
    if (m && place) {
      return {
        ...place.position,
        step: 'keyword-fallback',
        matchedText: m[0],
        fromNumbers: false,
        placeId: place.id,
        ...base,
      };
    }
  }

  const landmark = bestLandmark(text);
  if (landmark) {
    return {
      ...landmark.entry.position,
      step: 'landmark-table',
      matchedText: landmark.matched,
      fromNumbers: false,
      placeId: landmark.entry.id,
      ...base,
    };
  }

  return {
    lat: DOWNTOWN_MIAMI.lat,
    lng: DOWNTOWN_MIAMI.lng,
    step: 'default-central-miami',
    matchedText: null,
    fromNumbers: false,
    ...base,
  };
}
