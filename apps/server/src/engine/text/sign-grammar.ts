/**
 * What a Miami-Dade street sign may say, as a grammar the scene-text reader can read a blurred line through
 * (adapters/ocr/grammar.ts): a county grid street ("SW 8 ST", "S.W. 8th Street", "NW 27th Ave", "S/W 107 AVE"), a
 * named road ("Calle Ocho", "W Flagler St", "Coral Way", "Red Rd"), each with a door number before it on a shop
 * front ("2700 SW 8 ST"). A person reads a sign they can barely make out the same way: knowing what signs say.
 *
 * The grammar only proposes; the text locator takes a grammar reading only when it explains what the recogniser
 * saw nearly as well as its free reading (engine/text/read-text.ts).
 */
import { GrammarBuilder, type Part, type TextGrammar } from '../../adapters/ocr/grammar';
import type { PlateColour } from '../../adapters/ocr/ppocr/plates';

/**
 * The colours of street-name blades (MUTCD's green, which the county uses; the blue, brown and white some cities and
 * honorary names use), loosely enough to hold at dusk, at night and against the light. The reader looks again, at
 * full resolution, at small plates of these colours (adapters/ocr/ppocr/plates.ts).
 */
export const BLADE_COLOURS: readonly PlateColour[] = [
  { hue: [90, 175], saturation: [0.3, 1], value: [0.1, 0.9] },
  { hue: [200, 245], saturation: [0.35, 1], value: [0.12, 0.95] },
  { hue: [10, 40], saturation: [0.45, 1], value: [0.1, 0.5] },
  { saturation: [0, 0.12], value: [0.72, 1] },
];

/** Street types written on county blades and fascias (an optional full stop after the short forms). */
const TYPES = [
  'ST',
  'STREET',
  'AVE',
  'AVENUE',
  'AV',
  'CT',
  'COURT',
  'TER',
  'TERR',
  'TERRACE',
  'PL',
  'PLACE',
  'RD',
  'ROAD',
  'DR',
  'DRIVE',
  'LN',
  'LANE',
  'WAY',
  'PKWY',
  'BLVD',
  'CIR',
  'HWY',
];

/** Named roads of the county (engine/text/street-names.ts), each with the types it is written with. */
const NAMED: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['CALLE OCHO', ['']],
  ['TAMIAMI', ['TRAIL', 'TRL']],
  ['FLAGLER', ['ST', 'STREET']],
  ['CORAL WAY', ['']],
  ['BIRD', ['RD', 'ROAD']],
  ['MILLER', ['DR', 'DRIVE', 'RD']],
  ['SUNSET', ['DR', 'DRIVE']],
  ['KENDALL', ['DR', 'DRIVE']],
  ['KILLIAN', ['PKWY', 'PARKWAY', 'DR']],
  ['HOWARD', ['DR', 'DRIVE']],
  ['CORAL REEF', ['DR', 'DRIVE']],
  ['RICHMOND', ['DR', 'DRIVE']],
  ['EUREKA', ['DR', 'DRIVE']],
  ['QUAIL ROOST', ['DR', 'DRIVE']],
  ['HAINLIN MILL', ['DR', 'DRIVE']],
  ['SILVER PALM', ['DR', 'DRIVE']],
  ['COCONUT PALM', ['DR', 'DRIVE']],
  ['BAUER', ['DR', 'DRIVE']],
  ['WALDIN', ['DR', 'DRIVE']],
  ['CAMPBELL', ['DR', 'DRIVE']],
  ['MOWRY', ['DR', 'DRIVE']],
  ['PALM', ['DR', 'DRIVE']],
  ['OPA LOCKA', ['BLVD']],
  ['MIAMI GARDENS', ['DR', 'DRIVE']],
  ['COUNTY LINE', ['RD', 'ROAD']],
  ['MIAMI', ['AVE', 'AVENUE']],
  ['DOUGLAS', ['RD', 'ROAD']],
  ['LE JEUNE', ['RD', 'ROAD']],
  ['RED', ['RD', 'ROAD']],
  ['LUDLAM', ['RD', 'ROAD']],
  ['MILAM DAIRY', ['RD', 'ROAD']],
  ['GALLOWAY', ['RD', 'ROAD']],
  ['LINDGREN', ['RD', 'ROAD']],
  ['KROME', ['AVE', 'AVENUE']],
  ['BISCAYNE', ['BLVD', 'BOULEVARD']],
  ['BRICKELL', ['AVE', 'AVENUE']],
];

const ORDINALS: Record<string, readonly string[]> = { '1': ['ST'], '2': ['ND'], '3': ['RD'] };

function signGrammar(): TextGrammar {
  const g = new GrammarBuilder();
  const space = () => g.optional(g.symbol(' '));
  const dot = () => g.optional(g.oneOf('.'));
  /** A word, then optionally a full stop. */
  const abbreviation = (w: string) => g.seq(g.word(w), dot());
  const words = (text: string) =>
    g.seq(...text.split(' ').flatMap((w, i) => (i === 0 ? [g.word(w)] : [space(), g.word(w)])));

  // N, S, E, W, NE… SW; "S.W.", "S/W", "S W".
  const quadrant = () =>
    g.alt(
      g.seq(g.word('N'), g.optional(g.oneOf('./ ')), g.word('E'), dot()),
      g.seq(g.word('N'), g.optional(g.oneOf('./ ')), g.word('W'), dot()),
      g.seq(g.word('S'), g.optional(g.oneOf('./ ')), g.word('E'), dot()),
      g.seq(g.word('S'), g.optional(g.oneOf('./ ')), g.word('W'), dot()),
      ...['N', 'S', 'E', 'W'].map((q) => abbreviation(q)),
    );
  // 1–999, its last digit choosing its ordinal: 1st, 2nd, 3rd, and th after any digit. The teens take th only (11th,
  // 12th, 113th): with "13rd" allowed, a blurred "133rd" could be read as it with one 3 dropped, a street 19 km away.
  const lastDigit = (digits: string) =>
    g.alt(
      ...[...digits].map((d) =>
        g.seq(g.symbol(d), g.optional(g.alt(g.word('TH'), ...(ORDINALS[d] ?? []).map((o) => g.word(o))))),
      ),
    );
  const teen = () => g.seq(g.symbol('1'), g.oneOf('0123456789'), g.optional(g.word('TH')));
  const tens = (first: string) => g.alt(teen(), g.seq(g.oneOf(first), lastDigit('0123456789')));
  const number = () => g.alt(lastDigit('123456789'), tens('23456789'), g.seq(g.oneOf('123456789'), tens('023456789')));
  const type = () => g.alt(...TYPES.map((t) => abbreviation(t)));
  const gridStreet = () => g.seq(quadrant(), space(), number(), space(), type());
  const named = () =>
    g.alt(
      ...NAMED.map(([name, types]) => {
        const body = words(name);
        const typed = types.filter(Boolean);
        const withType = typed.length ? g.seq(body, space(), g.alt(...typed.map((t) => abbreviation(t)))) : body;
        // "W Flagler St", "N Miami Ave": a side before the few that take one.
        return name === 'FLAGLER' || name === 'MIAMI'
          ? g.seq(
              g.optional(
                g.seq(
                  g.alt(
                    abbreviation('W'),
                    abbreviation('E'),
                    abbreviation('N'),
                    abbreviation('S'),
                    g.word('WEST'),
                    g.word('EAST'),
                  ),
                  space(),
                ),
              ),
              withType,
            )
          : withType;
      }),
    );
  const door = () =>
    g.seq(
      g.oneOf('123456789'),
      g.oneOf('0123456789'),
      g.optional(g.oneOf('0123456789')),
      g.optional(g.oneOf('0123456789')),
      g.optional(g.oneOf('0123456789')),
    );
  const street: Part = g.alt(gridStreet(), named());
  return g.build(g.seq(g.optional(g.seq(door(), space())), street));
}

let built: TextGrammar | undefined;

/** The county's sign grammar (built once). */
export function countySignGrammar(): TextGrammar {
  return (built ??= signGrammar());
}
