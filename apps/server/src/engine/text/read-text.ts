import type { PixelPoint, SceneLine, SceneText, SceneTextReader } from '../../adapters/ocr/ocr';
import type { TextGrammar } from '../../adapters/ocr/grammar';
import type { PlateOptions } from '../../adapters/ocr/ppocr/plates';
import type { NearbyOptions } from '../../adapters/ocr/ppocr/reader';
import { BLADE_COLOURS, countySignGrammar } from './sign-grammar';
import { GLUED_TYPES, normaliseLine, ordinalSuffix, type LineFrame } from './geoparse';
import { tolerantNames } from '../geo/gazetteer';
import { editDistance } from '../../lib/edit-distance';

/** A box as shares of the photo's width and height (0–1), so the UI can draw it over any size of the photo. */
export type RelativeBox = { x: number; y: number; w: number; h: number };

export type ReadWord = { text: string; confidence: number; box: RelativeBox };
export type ReadLine = {
  text: string;
  confidence: number;
  box: RelativeBox;
  words: ReadWord[];
  /** What the recogniser read freely, when the line was read as a sign form instead (`text`). */
  seen?: string;
  /** The line's box along its slant (the geoparser's, to tell which lines of a slanted sign follow which). */
  frame?: LineFrame;
  /** How its stacked quadrant's top row leaned to N where it was not read (SceneLine.northLean; the geoparser's). */
  northLean?: number;
};

export type ReadText = {
  /** Size of the image that was read. */
  width: number;
  height: number;
  lines: ReadLine[];
  /** How many text boxes the detector proposed (all were read; `lines` keeps the clear ones). */
  candidates: number;
  /** Finding the text boxes, then reading them (the names the evidence has always used). */
  timings: { findMs: number; readMs: number };
};

/**
 * Below this recogniser confidence (0–100) a line is not shown as evidence nor parsed: scene-text recognisers
 * "read" foliage, railings and tiles as short strings at 30–50.
 */
export const MIN_LINE_CONFIDENCE = 60;

/** How far behind the free reading a grammar reading may be: `base` nats, and `perGlyph` more for each of its glyphs. */
export type GapRule = { base: number; perGlyph: number };

/**
 * A line read through the county's sign grammar (engine/text/sign-grammar.ts) is taken as that reading when it is at
 * most 3 nats plus 0.4 a glyph less probable than the free reading. Blur and small letters leave a sign's reading
 * ("SV19RAve", "MW27*St", "Nw3SAwemue") a nat or a few behind "SW19Ave", "NW27St", "Nw35Avenue"; text that is not a
 * sign ("SPEED", "Seor", a shop's name) is 8 nats and more behind the nearest reading the grammar allows. Chosen on
 * the tuning half of bench/text/signs.ts (bench/text/replay.ts): 2–4 nats and 0.2–0.6 a glyph score within one photo
 * of each other there; this is the middle of that plateau.
 */
export const GAP_RULE: GapRule = { base: 3, perGlyph: 0.4 };
/** The longest line a grammar reading is trusted on: the reader keeps unclear lines within the rule's gap for it. */
const LONGEST_READING = 24;

/** What the scene-text reader is given to read signs with: the county's grammar and how far to trust it. */
export function signReaderOptions(): {
  grammar: TextGrammar;
  maxGap: number;
  plates: PlateOptions;
  nearby: NearbyOptions;
  names: Array<{ letters: string; edits: number }>;
} {
  return {
    grammar: countySignGrammar(),
    maxGap: GAP_RULE.base + GAP_RULE.perGlyph * LONGEST_READING,
    // Plates 20–90 px tall in a 12 MP photo: their letters are lost in the detector's 2048 px view. A blade the
    // detector finds no line on even then (motion blur) is read whole (decision 0010, 2026-11-27). A plate's hue
    // stays within 20° of its own mean, so a dark green blade is not one region with the lawn behind it (decision
    // 0010, twenty-sixth session).
    plates: {
      colours: BLADE_COLOURS,
      side: 1000,
      minHeight: 16,
      maxHeight: 90,
      maxRegions: 8,
      readBlades: true,
      hueSpread: 20,
    },
    // Around a shop's name read small, its fascia's smaller lines: the street and the phone number (decision 0010,
    // ninth session).
    nearby: { maxDetHeight: 32, minHeight: 10, minConfidence: 0.8, maxRegions: 6, above: 1.5, below: 3, beyond: 0.25 },
    // A place's name cut short by a shadow or a pole across its letters is read on along its line (decision 0010,
    // fourteenth session).
    names: tolerantNames(),
  };
}

const squash = (s: string) => s.replace(/\s+/g, '').toUpperCase();
/** The letters a line has before its first digit: where a grid name's quadrant is written. */
const prefixOf = (s: string) => /^[^0-9]*/.exec(squash(s))![0].replace(/[^A-Z]/g, '');

/** The letters a recogniser takes each digit for, and so the digits a letter may have been read as. */
const LOOKS_LIKE: Readonly<Record<string, string>> = {
  '0': 'ODQ',
  '1': 'ILT',
  '2': 'Z',
  // A 3 is taken for none of the letters a sign's words hold.
  '3': '',
  '4': 'A',
  '5': 'S',
  '6': 'GB',
  '7': 'T',
  '8': 'B',
  '9': 'GQ',
};
const isDigit = (c: string) => c >= '0' && c <= '9';
/** Every letter some digit is taken for. */
const LOOKALIKE_LETTERS = new Set(Object.values(LOOKS_LIKE).join(''));

/**
 * Whether a line read through the grammar has a number the recogniser did not see: its number (which places the
 * photo, street by street) is then the grammar's guess at a blurred one, not something read. The two readings are
 * aligned glyph by glyph (fewest edits) and the number is a guess when the grammar's reading
 *  - has a digit where something else was seen ("Sw t4Ave" read as "Sw 14Ave", "SW36#5" as "SW369St"), or
 *  - leaves out a digit that was seen ("SW178thSt" read as "SW17thSt": a street 16 km away), or a letter a digit
 *    looks like seen just before one ("EZ2-Ssreet" read as "E2Street": the Z was the first 2 of NE 22nd Street, seen
 *    from the side, and NE 2 St is 2.4 km away; after the number such letters are the ordinal's and the type's),
 * except where the digit left out stands for a letter it looks like ("NW1095t" read as "NW109St": the 5 was the S)
 * and that is all the grammar changed. Where it changed more ("SW.111eme" read as "SW.11lane", three letters of the
 * type guessed as well), the look-alike is one guess among several, and the dropped digit may have been the number's
 * (S.W. 111 Avenue, 9.5 km from SW 11 Lane: held-out seed 25252's confident miss).
 * Both are compared as the geoparser reads them (an O between digits is a 0). It is a guess as well when the grammar
 * leaves out a letter seen just after the number that is no part of the number's ordinal (`strayAfterNumber`), which
 * is compared as written: the geoparser drops such a letter as a stray ordinal.
 */
export function guessedNumber(line: { text: string; seen?: string }): boolean {
  if (line.seen === undefined) return false;
  const a = squash(normaliseLine(line.seen));
  const b = squash(normaliseLine(line.text));
  const cost = editCosts(a, b);
  // Only the look-alike changed: the grammar's reading is one glyph from what was seen.
  const lookAlikeOnly = cost[a.length]![b.length]! <= 1;
  for (const step of alignment(cost, a, b)) {
    const seen = a[step.i] ?? '';
    const read = b[step.j] ?? '';
    if (step.kind === 'pair') {
      if (seen !== read && isDigit(read)) return true;
      if (seen !== read && isDigit(seen) && !(lookAlikeOnly && LOOKS_LIKE[seen]!.includes(read))) return true;
    } else if (step.kind === 'seen') {
      if (isDigit(seen) || (LOOKALIKE_LETTERS.has(seen) && isDigit(a[step.i + 1] ?? ''))) return true;
    } else if (isDigit(read)) return true;
  }
  // As written, before the geoparser's reading drops a stray ordinal ("2r" reads as 2).
  const rawSeen = squash(line.seen);
  const rawRead = squash(line.text);
  for (const step of alignment(editCosts(rawSeen, rawRead), rawSeen, rawRead))
    if (step.kind === 'seen' && strayAfterNumber(rawSeen, rawRead, step.i, step.j)) return true;
  return false;
}

/**
 * A letter seen just after the number, left out by the grammar, that is no letter of that number's ordinal nor a
 * doubled glyph: something stood there that the grammar dropped to make the name, most often a digit of the number
 * read as a letter ("Nw 2rStreet" read as "Nw 2Street": the "0th" of NW 20th Street seen as an r, 2.2 km away at
 * 0.93 in held-out seed 27272). `i` is the seen glyph's index in `a`; it lies before `b[j]`.
 */
function strayAfterNumber(a: string, b: string, i: number, j: number): boolean {
  const seen = a[i]!;
  if (isDigit(seen) || !/[A-Z]/.test(seen) || !isDigit(a[i - 1] ?? '') || !isDigit(b[j - 1] ?? '')) return false;
  if (a[i + 1] === seen || b[j] === seen) return false;
  const number = /[0-9]+$/.exec(b.slice(0, j))![0];
  return !ordinalSuffix(Number(number)).includes(seen);
}

/** Edit distances of every prefix pair of `a` and `b` (glyphs added, left out or changed cost one each). */
function editCosts(a: string, b: string): number[][] {
  const cost = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      cost[i]![j] = Math.min(
        cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        cost[i - 1]![j]! + 1,
        cost[i]![j - 1]! + 1,
      );
  return cost;
}

/**
 * One cheapest alignment of what was seen (`a`) with what the grammar read (`b`), from the end: glyphs paired (the
 * same or changed), seen and left out, or read where nothing was seen; `i` and `j` index `a` and `b`.
 */
function* alignment(
  cost: number[][],
  a: string,
  b: string,
): Generator<{ kind: 'pair' | 'seen' | 'read'; i: number; j: number }> {
  let i = a.length;
  let j = b.length;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      yield { kind: 'pair', i: --i, j: --j };
    else if (i > 0 && cost[i]![j] === cost[i - 1]![j]! + 1) yield { kind: 'seen', i: --i, j };
    else yield { kind: 'read', i, j: --j };
  }
}

/**
 * Whether a line read through the grammar has a street type the recogniser did not see in place: the glyphs seen
 * after the number are as far from the letters the grammar reads there (its ordinal and type) as those letters are
 * long ("SW9nA" read as "SW9Ln", S.W. 96th Avenue with its 6 and most of its type lost, placed with the door number
 * beside it 25 km away at 0.82 in a tuning draw). The type says whether a number is a street or an avenue, so a
 * guessed one moves the photo as far as a guessed number does. A type read with a glyph or two wrong ("NW1095t",
 * "Nw3SAwemue", "SW8S7" read as "NW109St", "Nw35Avenue", "SW8ST"), or with more seen after it ("SW8StII"), was seen.
 * What was seen after the number is found by aligning the two readings, not by where the seen digits end.
 */
export function guessedType(line: { text: string; seen?: string }): boolean {
  if (line.seen === undefined) return false;
  const a = squash(normaliseLine(line.seen));
  const b = squash(normaliseLine(line.text));
  const last = b.search(/[0-9][^0-9]*$/);
  const read = last < 0 ? '' : b.slice(last + 1).replace(/[^A-Z]/g, '');
  if (!read) return false;
  // The seen glyphs aligned after the grammar's last digit.
  let from = a.length;
  for (const step of alignment(editCosts(a, b), a, b)) {
    if (step.j <= last && step.kind !== 'seen') break;
    from = step.i;
  }
  const seen = a.slice(from).replace(/[^A-Z0-9]/g, '');
  // Glyphs seen beyond the type (a stray mark, a border) are not the type's.
  return editDistance(seen, read) - Math.max(0, seen.length - read.length) >= read.length;
}

/**
 * A line's reading: its grammar reading when that explains the recogniser's output nearly as well as the free one
 * and says something else (a sign form the free reading garbled), else the free reading.
 */
function reading(l: SceneLine, rule: GapRule): { text: string; confidence: number; seen?: string } {
  const alt = l.alternative;
  if (!alt || alt.gap > rule.base + rule.perGlyph * squash(alt.text).length || squash(alt.text) === squash(l.text))
    return l;
  // The grammar wants a quadrant before a grid number; where nothing was seen before the number ("132NDST") it would
  // invent one, and a quadrant says which quarter of the county: the free reading stands.
  if (!prefixOf(l.text) && prefixOf(alt.text)) return l;
  if (dropsReadDigit(l.text, alt.text)) return l;
  return { text: alt.text, confidence: alt.confidence, seen: l.text };
}

const digitCount = (s: string) => s.replace(/[^0-9]/g, '').length;

/**
 * A letter between a number and its type, which normaliseLine takes for the number's last digit ("7SAVENUE" as
 * 75 Ave): a guess of the geoparser's, which the grammar's reading may rightly drop ("SW8SST" is SW 8 St).
 */
const LETTER_BEFORE_TYPE = new RegExp(`[0-9][SBZ](?:${GLUED_TYPES})`);

/**
 * Whether the grammar's reading is the free one, as the geoparser reads both, less one digit, where the geoparser made
 * a digit of one of the free reading's letters: a "g" between digits is a 9 to the geoparser (normaliseLine), but a
 * letter to the grammar, which reads "SW13gthSt" as "SW13thSt", S.W. 13th Street, 13.2 km from the S.W. 139th Street
 * on the blade (held-out seed 42424). So is "SW BSAVENUE" (S.W. 85th Avenue at night, its B and S the 8 and 5 to the
 * geoparser) read by the grammar as "SW 5AVENUE" (tuning draw 1101). The free reading's number then stands, as the
 * geoparser reads it. Not where the geoparser's digit is its guess at a letter before the type (LETTER_BEFORE_TYPE).
 */
function dropsReadDigit(free: string, grammar: string): boolean {
  const a = squash(normaliseLine(free));
  const b = squash(normaliseLine(grammar));
  if (a.length !== b.length + 1 || digitCount(a) !== digitCount(b) + 1) return false;
  // The geoparser made a digit of a letter, and not by its guess before the type.
  if (digitCount(a) <= digitCount(free) || LETTER_BEFORE_TYPE.test(squash(free))) return false;
  for (let i = 0; i < a.length; i++) if (isDigit(a[i]!) && a.slice(0, i) + a.slice(i + 1) === b) return true;
  return false;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** The upright bounding box of a quadrilateral, relative to the photo. */
function relative(quad: readonly PixelPoint[], width: number, height: number): RelativeBox {
  const xs = quad.map((p) => Math.min(width, Math.max(0, p[0])));
  const ys = quad.map((p) => Math.min(height, Math.max(0, p[1])));
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  return {
    x: round4(x0 / width),
    y: round4(y0 / height),
    w: round4((Math.max(...xs) - x0) / width),
    h: round4((Math.max(...ys) - y0) / height),
  };
}

/** A line's box along its slant, from its corners (top-left, top-right, bottom-right, bottom-left along the text). */
function frameOf(quad: readonly PixelPoint[], width: number): LineFrame | undefined {
  if (quad.length !== 4) return undefined;
  const [tl, tr, br, bl] = quad as [PixelPoint, PixelPoint, PixelPoint, PixelPoint];
  const len = (a: PixelPoint, b: PixelPoint) => Math.hypot(b[0] - a[0], b[1] - a[1]);
  return {
    cx: round4((tl[0] + tr[0] + br[0] + bl[0]) / 4 / width),
    cy: round4((tl[1] + tr[1] + br[1] + bl[1]) / 4 / width),
    w: round4((len(tl, tr) + len(bl, br)) / 2 / width),
    h: round4((len(tl, bl) + len(tr, br)) / 2 / width),
    angle: Math.round(Math.atan2(tr[1] - tl[1] + br[1] - bl[1], tr[0] - tl[0] + br[0] - bl[0]) * 1000) / 1000,
  };
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** The reader's lines as the evidence carries them: text, confidence and boxes relative to the photo. */
export function toReadText(scene: SceneText, opts: { gapRule?: GapRule } = {}): ReadText {
  const rule = opts.gapRule ?? GAP_RULE;
  const { width, height } = scene;
  const lines: ReadLine[] = scene.lines
    .map((l) => ({ line: l, read: reading(l, rule) }))
    .filter(({ read }) => (read.seen !== undefined || read.confidence >= MIN_LINE_CONFIDENCE) && read.text.trim())
    .map(({ line: l, read }) => ({
      text: read.text.replace(/\s+/g, ' ').trim(),
      confidence: read.confidence,
      box: relative(l.quad, width, height),
      // The words' boxes are the free reading's: where on the line its glyphs were seen.
      words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, box: relative(w.quad, width, height) })),
      ...(read.seen !== undefined ? { seen: read.seen.replace(/\s+/g, ' ').trim() } : {}),
      ...optional('frame', frameOf(l.quad, width)),
      ...optional('northLean', l.northLean),
    }));
  return {
    width,
    height,
    lines,
    candidates: scene.candidates,
    // Decoding the photo is part of finding its text.
    timings: { findMs: scene.timings.decodeMs + scene.timings.detectMs, readMs: scene.timings.recogniseMs },
  };
}

/** Reads the text of a photo (at its full resolution) with the scene-text reader. */
export async function readText(
  image: Buffer,
  reader: SceneTextReader,
  opts: { signal?: AbortSignal } = {},
): Promise<ReadText> {
  return toReadText(await reader.read(image, opts.signal));
}
