/**
 * What Miami-Dade's street names mean on the county grid, and where the grid does not hold.
 *
 * Named roads that run along a numbered grid line are written as that line (Calle Ocho = SW 8 St, Bird Road =
 * SW 40 St, Red Road = 57 Ave...): a sign reading "Bird Rd" and another reading "SW 87 Ave" is an intersection
 * the grid model can place. Biscayne Boulevard bends, so its avenue depends on the street it meets.
 *
 * Three places number or name their streets their own way, and the county grid must not be applied there:
 * Miami Beach (its own numbered streets, Collins/Washington/Alton...), Coral Gables (Spanish street names and
 * its own house numbers) and Hialeah (its own grid with W/E prefixes: "W 49 St", "E 4 Ave"). A sign from one of
 * them says which city the photo is in, not where on the county grid.
 */
import type { Municipality } from '../geo/gazetteer';

/** A grid line: `number` signed as in ../geo/grid (north and west positive). */
export type GridLine = { axis: 'street' | 'avenue'; number: number };

export type NamedStreet = {
  /** How it is written, matched on upper-cased text with punctuation turned into spaces (spaces optional: OCR drops them). */
  pattern: RegExp;
  /** The name to show, e.g. "Calle Ocho (SW 8 St)". */
  label: string;
  /**
   * The grid line it follows. A function when the line depends on the cross street: Coral Way is SW 22 St in the
   * City of Miami and SW 24 St further west; Biscayne Boulevard's avenue changes with the street.
   */
  line: GridLine | ((cross: GridLine) => GridLine | null);
  /** For a function line: the axis of the road, so it is only crossed with the other axis. */
  axis: 'street' | 'avenue';
  /** The road curves off the grid (Biscayne Blvd): its corners are placed less exactly. */
  bends?: boolean;
  /**
   * The quadrant its house numbers count in, for a road that lies in one quadrant and numbers its houses on the
   * county grid ("3126 Coral Way" is at SW 31 Ave). Flagler's side is read from its W or E. Absent: a number on it
   * does not say where (an avenue crossing Flagler, or a road through a city with its own numbering).
   */
  quadrant?: 'SW' | 'NW' | ((written: string) => 'NW' | 'NE' | undefined);
};

const street = (n: number): GridLine => ({ axis: 'street', number: n });
const avenue = (n: number): GridLine => ({ axis: 'avenue', number: n });

/**
 * Biscayne Boulevard's avenue (east, so negative) where it meets a north-side street: it runs between NE 2 and
 * NE 4 Avenues downtown and bends east towards Aventura. Written down from the road's course; the text locator
 * states a wider radius for it than for a straight grid corner.
 */
// prettier-ignore
const BISCAYNE_KNOTS: ReadonlyArray<readonly [number, number]> = [
  [-8, -3.2], [0, -3.6], [20, -2.8], [36, -2.4], [79, -4.6], [125, -9.5], [163, -19], [199, -29],
];

export function biscayneAvenueAt(streetNumber: number): number | null {
  if (streetNumber < BISCAYNE_KNOTS[0]![0] || streetNumber > BISCAYNE_KNOTS[BISCAYNE_KNOTS.length - 1]![0]) return null;
  let i = 1;
  while (i < BISCAYNE_KNOTS.length - 1 && streetNumber > BISCAYNE_KNOTS[i]![0]) i++;
  const [s0, a0] = BISCAYNE_KNOTS[i - 1]!;
  const [s1, a1] = BISCAYNE_KNOTS[i]!;
  return a0 + ((streetNumber - s0) * (a1 - a0)) / (s1 - s0);
}

const ROAD = '(?:ROAD|RD)';
const DRIVE = '(?:DRIVE|DR)';
// The county's named drives (below) also with their D lost to blur or the pole beside them, the R alone after a space
// where the line ends: "Kendal r" of a small "Kendall Dr" (tuning draw 1111). Only at the end, where nothing else of a
// longer name could follow; not the off-grid cities' drives (TYPE_FORMS), whose names are words of their own.
const COUNTY_DRIVE = '(?:DRIVE|DR|(?<=\\s)R$)';
const AVE = '(?:AVENUE|AVE|AV)';
const ST = '(?:STREET|ST)';
const BLVD = '(?:BOULEVARD|BLVD)';

// A doubled letter may be read once (blur merges the two strokes: "KENDAL DR", "GALOWAY RD"): those names take
// either; no other county road is spelt the shorter way.
// prettier-ignore
export const NAMED_STREETS: readonly NamedStreet[] = [
  // One letter of OCHO lost to blur ("CALLE CHO"), or its end cut at the box's edge ("CALLEOC"): after CALLE,
  // nothing else reads so. OCHO alone is the name only as a whole line, its CALLE hidden behind another sign (tuning
  // draw 1111): a shop's "OCHO" in a longer name is not the street.
  { pattern: /\bCALL?E\s*(?:OCHO|CHO|OHO|OCO|OCH|OC|8)\b|^OCHO$/, label: 'Calle Ocho (SW 8 St)', line: street(-8), axis: 'street', quadrant: 'SW' },
  // "Tamiami Tr": how the trail is written short on some blades, or what is left when the box ends early.
  { pattern: /\bTAMIAMI\s*(?:TRAIL|TRL|TR)\b/, label: 'Tamiami Trail (SW 8 St)', line: street(-8), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\b(?:W|WEST|E|EAST)?\\s*FLAGLER\\s*${ST}\\b`), label: 'Flagler St', line: street(0), axis: 'street', quadrant: (w) => (/^(?:W|WEST)\b/.test(w) ? 'NW' : /^(?:E|EAST)\b/.test(w) ? 'NE' : undefined) },
  {
    pattern: /\bCORAL\s*WAY\b/,
    label: 'Coral Way',
    // SW 22 St through the City of Miami (east of Douglas Road, 37 Ave), SW 24 St from there west.
    line: (cross) => (cross.axis === 'avenue' ? street(cross.number <= 37 ? -22 : -24) : null),
    axis: 'street',
    quadrant: 'SW',
  },
  { pattern: new RegExp(`\\bBIRD\\s*${ROAD}\\b`), label: 'Bird Road (SW 40 St)', line: street(-40), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bMILL?ER\\s*(?:${COUNTY_DRIVE}|${ROAD})\\b`), label: 'Miller Drive (SW 56 St)', line: street(-56), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bSUNSET\\s*${COUNTY_DRIVE}\\b`), label: 'Sunset Drive (SW 72 St)', line: street(-72), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\b(?:N\\s*|NORTH\\s*)?KENDALL?\\s*${COUNTY_DRIVE}\\b`), label: 'Kendall Drive (SW 88 St)', line: street(-88), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bKILL?IAN\\s*(?:PARKWAY|PKWY|${COUNTY_DRIVE})\\b`), label: 'Killian Parkway (SW 104 St)', line: street(-104), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bHOWARD\\s*${COUNTY_DRIVE}\\b`), label: 'Howard Drive (SW 136 St)', line: street(-136), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bCORAL\\s*REE?F\\s*${COUNTY_DRIVE}\\b`), label: 'Coral Reef Drive (SW 152 St)', line: street(-152), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bRICHMOND\\s*${COUNTY_DRIVE}\\b`), label: 'Richmond Drive (SW 168 St)', line: street(-168), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bEUREKA\\s*${COUNTY_DRIVE}\\b`), label: 'Eureka Drive (SW 184 St)', line: street(-184), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bQUAIL\\s*ROOST\\s*${COUNTY_DRIVE}\\b`), label: 'Quail Roost Drive (SW 200 St)', line: street(-200), axis: 'street', quadrant: 'SW' },
  { pattern: /\bHAINLIN\s*MILL\b/, label: 'Hainlin Mill Drive (SW 216 St)', line: street(-216), axis: 'street', quadrant: 'SW' },
  // The section lines of South Dade, each a drive: Silver Palm, Coconut Palm, Bauer, Waldin; Palm Drive (Florida City)
  // only where no other word of a longer name precedes it.
  { pattern: new RegExp(`\\bSILVER\\s*PALM\\s*${COUNTY_DRIVE}\\b`), label: 'Silver Palm Drive (SW 232 St)', line: street(-232), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bCOCONUT\\s*PALM\\s*${COUNTY_DRIVE}\\b`), label: 'Coconut Palm Drive (SW 248 St)', line: street(-248), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bBAUER\\s*${COUNTY_DRIVE}\\b`), label: 'Bauer Drive (SW 264 St)', line: street(-264), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bWALDIN\\s*${COUNTY_DRIVE}\\b`), label: 'Waldin Drive (SW 280 St)', line: street(-280), axis: 'street', quadrant: 'SW' },
  { pattern: new RegExp(`\\bCAMPBELL?\\s*${COUNTY_DRIVE}\\b`), label: 'Campbell Drive (SW 312 St)', line: street(-312), axis: 'street' },
  { pattern: new RegExp(`\\bMOWRY\\s*${COUNTY_DRIVE}\\b`), label: 'Mowry Drive (SW 320 St)', line: street(-320), axis: 'street' },
  { pattern: new RegExp(`(?<!(?:SILVER|COCONUT|ROYAL)\\s*)\\bPALM\\s*${COUNTY_DRIVE}\\b`), label: 'Palm Drive (SW 344 St)', line: street(-344), axis: 'street' },
  { pattern: /\b(?:MARTIN\s*LUTHER\s*KING|MLK)\b/, label: 'Martin Luther King Jr Blvd (NW 62 St)', line: street(62), axis: 'street', quadrant: 'NW' },
  { pattern: new RegExp(`\\bOPA\\s*LOCKA\\s*${BLVD}\\b`), label: 'Opa-locka Blvd (NW 135 St)', line: street(135), axis: 'street' },
  { pattern: new RegExp(`\\bMIAMI\\s*GARDENS\\s*${COUNTY_DRIVE}\\b`), label: 'Miami Gardens Drive (183 St)', line: street(183), axis: 'street' },
  { pattern: new RegExp(`\\bCOUNTY\\s*LINE\\s*${ROAD}\\b`), label: 'County Line Road (215 St)', line: street(215), axis: 'street' },
  { pattern: new RegExp(`\\b(?:N|S|NORTH|SOUTH)?\\s*MIAMI\\s*${AVE}\\b`), label: 'Miami Avenue', line: avenue(0), axis: 'avenue' },
  { pattern: new RegExp(`\\bDOUGLAS\\s*${ROAD}\\b`), label: 'Douglas Road (37 Ave)', line: avenue(37), axis: 'avenue' },
  { pattern: new RegExp(`\\bLE\\s*JEUNE\\s*${ROAD}|\\bLEJEUNE\\b`), label: 'Le Jeune Road (42 Ave)', line: avenue(42), axis: 'avenue' },
  { pattern: new RegExp(`\\bRED\\s*${ROAD}\\b`), label: 'Red Road (57 Ave)', line: avenue(57), axis: 'avenue' },
  { pattern: new RegExp(`\\bLUDLAM\\s*${ROAD}\\b`), label: 'Ludlam Road (67 Ave)', line: avenue(67), axis: 'avenue' },
  { pattern: new RegExp(`\\bMILAM\\s*DAIRY\\s*${ROAD}\\b`), label: 'Milam Dairy Road (72 Ave)', line: avenue(72), axis: 'avenue' },
  { pattern: new RegExp(`\\bGALL?OWAY\\s*${ROAD}\\b`), label: 'Galloway Road (87 Ave)', line: avenue(87), axis: 'avenue' },
  { pattern: new RegExp(`\\bLINDGREN\\s*${ROAD}\\b`), label: 'Lindgren Road (SW 137 Ave)', line: avenue(137), axis: 'avenue', quadrant: 'SW' },
  { pattern: new RegExp(`\\bKROME\\s*${AVE}\\b`), label: 'Krome Avenue (177 Ave)', line: avenue(177), axis: 'avenue' },
  {
    pattern: new RegExp(`\\bBISCAYNE\\s*${BLVD}\\b`),
    label: 'Biscayne Blvd',
    bends: true,
    line: (cross) => {
      if (cross.axis !== 'street') return null;
      const a = biscayneAvenueAt(cross.number);
      return a === null ? null : avenue(a);
    },
    axis: 'avenue',
  },
];

/** A street name that places the photo in one city whose streets are off the county grid. */
export type LocalStreet = { pattern: RegExp; label: string; municipality: Municipality };

// prettier-ignore
const MIAMI_BEACH_NAMES = ['COLLINS AVE', 'WASHINGTON AVE', 'ALTON RD', 'OCEAN DR', 'LINCOLN RD', 'MERIDIAN AVE', 'ESPANOLA WAY', 'INDIAN CREEK DR', 'DADE BLVD', 'PINETREE DR', 'PRAIRIE AVE', 'PURDY AVE', 'LENOX AVE', 'EUCLID AVE', 'DREXEL AVE', 'JEFFERSON AVE', 'MICHIGAN AVE', 'HARDING AVE', 'ABBOTT AVE', 'BYRON AVE', 'NORMANDY DR'];
// prettier-ignore
const CORAL_GABLES_NAMES = ['PONCE DE LEON BLVD', 'ALHAMBRA CIR', 'MIRACLE MILE', 'GIRALDA AVE', 'ARAGON AVE', 'ALMERIA AVE', 'SEVILLA AVE', 'MADEIRA AVE', 'MINORCA AVE', 'VALENCIA AVE', 'ANDALUSIA AVE', 'SEGOVIA ST', 'GRANADA BLVD', 'BILTMORE WAY', 'SALZEDO ST', 'DE SOTO BLVD', 'ANASTASIA AVE', 'MALAGA AVE', 'ZAMORA AVE', 'CORAL GABLES'];
// prettier-ignore
const HIALEAH_NAMES = ['HIALEAH DR', 'PALM AVE', 'OKEECHOBEE RD'];

const TYPE_FORMS: Record<string, string> = {
  AVE: AVE,
  RD: ROAD,
  DR: DRIVE,
  ST: ST,
  BLVD: BLVD,
  CIR: '(?:CIRCLE|CIR)',
  WAY: 'WAY',
};
function namePattern(name: string): RegExp {
  const words = name.split(' ');
  const last = words[words.length - 1]!;
  const type = TYPE_FORMS[last];
  // Spaces optional: scene-text OCR often runs the words of a sign together ("COLLINSAVE").
  const body = (type ? words.slice(0, -1) : words).join('\\s*');
  return new RegExp(`\\b${body}${type ? `\\s*${type}` : ''}\\b`);
}
const titled = (s: string) => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

export const LOCAL_STREETS: readonly LocalStreet[] = [
  ...MIAMI_BEACH_NAMES.map((n) => ({
    pattern: namePattern(n),
    label: titled(n),
    municipality: 'Miami Beach' as const,
  })),
  ...CORAL_GABLES_NAMES.map((n) => ({
    pattern: namePattern(n),
    label: titled(n),
    municipality: 'Coral Gables' as const,
  })),
  ...HIALEAH_NAMES.map((n) => ({ pattern: namePattern(n), label: titled(n), municipality: 'Hialeah' as const })),
];

/** Why the county grid is not used in each off-grid city: shown in the evidence. */
export const OFF_GRID_NOTE: Partial<Record<Municipality, string>> = {
  'Miami Beach':
    'Miami Beach numbers its streets on its own grid (41 St there is not the county’s NE 41 St), so the county grid is not applied.',
  'Coral Gables':
    'Coral Gables names its streets instead of numbering them, so the county grid cannot place a corner inside it.',
  Hialeah:
    'Hialeah numbers its streets and avenues on its own grid (W 49 St, E 4 Ave), so the county grid is not applied.',
};
