/**
 * False matches of the gazetteer's tolerant name matching (issue 11) on text that names no Miami-Dade place: the
 * prose of the README files of the packages in node_modules (English technical text, 5,000 lines by default), the
 * words of traffic signs, shop fronts and markers, and the county's street names. Reports the share of lines where a
 * name was found exactly and where it was found only tolerantly (a few letters off), with examples, beside the true
 * matches on OCR-mangled names; and the names found across two consecutive lines (a name wrapped on a building is
 * looked for across stacked lines).
 *
 * Run: `npx tsx bench/text/gazetteer-false-matches.ts [-- --max-lines N]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findPlacesInText, normaliseName } from '@vt/server/src/engine/geo/gazetteer';
import { LOCAL_STREETS, NAMED_STREETS } from '@vt/server/src/engine/text/street-names';
import { REPO_ROOT, writeResult } from '../engine/harness';

const { values: args } = parseArgs({
  options: { 'max-lines': { type: 'string', default: '5000' }, out: { type: 'string' } },
});
const maxLines = Number(args['max-lines']);

function readmes(dir: string, out: string[], depth = 0): void {
  if (out.length >= maxLines || depth > 3) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (/^readme\.md$/i.test(name)) {
      for (const line of readFileSync(p, 'utf8').split('\n'))
        if (line.trim().length > 3 && out.length < maxLines) out.push(line.trim().slice(0, 200));
    } else if (!name.startsWith('.') && statSync(p).isDirectory()) readmes(p, out, depth + 1);
  }
}

const lines: string[] = [];
readmes(join(REPO_ROOT, 'node_modules'), lines);
const SIGN_WORDS = [
  'STOP',
  'ONE WAY',
  'NO PARKING ANY TIME',
  'SPEED LIMIT 35',
  'DO NOT ENTER',
  'YIELD',
  'PHARMACY',
  'LAUNDROMAT',
  'BAKERY',
  'HARDWARE STORE',
  'AUTO PARTS',
  'DENTAL CARE',
  'INTERNATIONAL HOUSE OF PANCAKES',
  'BAYSHORE GARDENS',
  'BAYVIEW APARTMENTS',
  'SUNRISE PLAZA',
  'OCEAN VIEW MOTEL',
  'MARKETPLACE',
  'NATIONAL BANK',
  'AIRPORT PARKING',
  'CITY HALL',
  'PUBLIC LIBRARY',
  'COMMUNITY CENTER',
  // What historical markers, beaches and hotels' doors write: words some places' names are made of.
  'THE HISTORY OF MIAMI',
  'HISTORIC SITE',
  'DO NOT CLIMB ON THE BREAKWATER',
  'BEACH ACCESS',
  'LIFEGUARD ON DUTY',
  'VALET PARKING',
  'THE COLONY',
  'AVALON',
  'THE TIDES',
  'CENTRAL PARK',
];
lines.push(...SIGN_WORDS);
// Other places' names a few letters from the county's: each a false match the matching once made (a review found
// them reading the matching, 2026-11-29), then names of places elsewhere in Florida and the country written down
// before they were run, to measure what the rule against them does on names it was not made for.
const NEAR_NAMES = ['CLEVELAND HOTEL', 'NICKELL AVENUE', 'PLEASURE ISLAND', 'NORTHWEST 8TH STREET', 'NW 8TH STREET'];
const ELSEWHERE = [
  'GRAND CENTRAL TERMINAL',
  'PENN STATION',
  'MADISON SQUARE GARDEN',
  'ROCKEFELLER CENTER',
  'FENWAY PARK',
  'WRIGLEY FIELD',
  'GOLDEN GATE PARK',
  'UNION STATION',
  'ORLANDO INTERNATIONAL AIRPORT',
  'TAMPA INTERNATIONAL AIRPORT',
  'FORT LAUDERDALE BEACH',
  'PALM BEACH GARDENS',
  'NORTH PALM BEACH',
  'WEST PALM BEACH',
  'DELRAY BEACH',
  'BOCA RATON',
  'HOLLYWOOD BEACH',
  'DAYTONA BEACH',
  'COCOA BEACH',
  'VERO BEACH',
  'JUPITER ISLAND',
  'MERRITT ISLAND',
  'AMELIA ISLAND',
  'SANIBEL ISLAND',
  'MARCO ISLAND',
  'SINGER ISLAND',
  'KEY LARGO',
  'KEY WEST',
  'TAMPA BAY',
  'SEAWORLD ORLANDO',
  'UNIVERSAL STUDIOS',
  'BUSCH GARDENS',
  'LAS OLAS BOULEVARD',
  'HARD ROCK CAFE',
  'HARD ROCK HOTEL',
  'RAYMOND JAMES STADIUM',
  'CAMPING WORLD STADIUM',
  'AMALIE ARENA',
  'AMWAY CENTER',
  'FLAGLER COLLEGE',
  'LINCOLN PARK',
  'LINCOLN AVENUE',
  'OCEAN AVENUE',
  'COLLINS STREET',
  'SUNSET STRIP',
  'HOLLYWOOD BOULEVARD',
  'KENDALL SQUARE',
  'BAYVIEW PARK',
  'SEASIDE MARKETPLACE',
  'CORAL REEF HOTEL',
  'BRICKELL STREET',
  'SOUTHWEST AIRLINES',
  'NORTHEAST REGIONAL',
  'NORTHWEST HOSPITAL',
  'SOUTHEAST BANK',
  'WEST 8TH STREET',
  'EAST 8TH STREET',
  'SOUTH 8TH STREET',
  'SW 18TH STREET',
  'SW 80TH STREET',
];
lines.push(...NEAR_NAMES, ...ELSEWHERE);
// The county's street names as blades write them: a place named for its street ("Biltmore Way" is no Biltmore Hotel)
// is a false match too.
lines.push(...[...NAMED_STREETS, ...LOCAL_STREETS].map((s) => s.label.replace(/\s*\(.*\)$/, '').toUpperCase()));

let exactLines = 0;
let tolerantLines = 0;
const examples: Array<{ line: string; name: string; matched: string; edits: number }> = [];
// Exact matches are not all false (a README may name Miami): they are listed to be looked at.
const exactExamples: Array<{ line: string; name: string }> = [];
const t = performance.now();
for (const line of lines) {
  const found = findPlacesInText(line, { tolerant: true }).filter((m) => m.entry.kind !== 'street');
  const exact = found.filter((m) => !m.edits);
  if (exact.length) {
    exactLines++;
    if (exactExamples.length < 40) exactExamples.push(...exact.map((m) => ({ line, name: m.entry.name })));
  }
  const fuzzy = found.filter((m) => m.edits);
  if (fuzzy.length) {
    tolerantLines++;
    if (examples.length < 40)
      examples.push(...fuzzy.map((m) => ({ line, name: m.entry.name, matched: m.matched, edits: m.edits! })));
  }
}
const ms = performance.now() - t;
// A name wrapped onto two lines is looked for across each pair of stacked lines (geoparse's namePairs): here,
// each line with the next, counting only names that run across the two.
let pairLines = 0;
let pairMatches = 0;
const pairExamples: Array<{ lines: [string, string]; name: string; matched: string; edits: number }> = [];
for (let i = 0; i + 1 < lines.length; i++) {
  const cut = normaliseName(lines[i]!).length;
  if (!cut || !normaliseName(lines[i + 1]!)) continue;
  pairLines++;
  const across = findPlacesInText(`${lines[i]} ${lines[i + 1]}`, { tolerant: true }).filter(
    (m) => m.entry.kind !== 'street' && m.index < cut && m.index + m.matched.length > cut + 1,
  );
  if (across.length) {
    pairMatches++;
    if (pairExamples.length < 20)
      pairExamples.push(
        ...across.map((m) => ({
          lines: [lines[i]!, lines[i + 1]!] as [string, string],
          name: m.entry.name,
          matched: m.matched,
          edits: m.edits ?? 0,
        })),
      );
  }
}
// Names of other places, and the county's grid names in every form a blade writes them: any match here, of any kind
// of place (streets too), is listed. A grid name matched tolerantly is another street's, but for SW 8th Street's own
// forms ("SOUTHWEST 8 STREET" is Calle Ocho with its ordinal unwritten), which are counted apart.
function matchesOf(texts: readonly string[], tolerantOnly: boolean) {
  const out: Array<{ line: string; name: string; edits: number }> = [];
  let matched = 0;
  for (const line of texts) {
    const found = findPlacesInText(line, { tolerant: true }).filter((m) => !tolerantOnly || m.edits);
    if (found.length) matched++;
    if (out.length < 40) out.push(...found.map((m) => ({ line, name: m.entry.name, edits: m.edits ?? 0 })));
  }
  return { lines: texts.length, linesMatched: matched, examples: out };
}
const ORDINAL = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'TH' : (['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH')}`;
const gridNames = [
  'N',
  'S',
  'E',
  'W',
  'NW',
  'SW',
  'NE',
  'SE',
  'NORTHWEST',
  'SOUTHWEST',
  'NORTHEAST',
  'SOUTHEAST',
].flatMap((q) =>
  Array.from({ length: 300 }, (_, i) => i + 1).flatMap((n) =>
    [String(n), ORDINAL(n)].flatMap((num) =>
      ['ST', 'STREET', 'AVE', 'AVENUE', 'RD', 'ROAD', 'TER', 'TERRACE', 'CT', 'PL', 'DR', 'WAY'].map(
        (type) => `${q} ${num} ${type}`,
      ),
    ),
  ),
);
// Numbers read with a digit more: a digit standing before the number ("SW 2 8TH STREET"), a letter after its digits that
// is a digit misread ("SW 8OTH STREET" is 80th).
const QUADRANTS = ['NW', 'SW', 'NE', 'SE', 'NORTHWEST', 'SOUTHWEST'];
gridNames.push(
  ...QUADRANTS.flatMap((q) =>
    Array.from({ length: 99 }, (_, i) => i + 1).flatMap((n) => [
      ...Array.from({ length: 9 }, (_, d) => `${q} ${d + 1} ${ORDINAL(n)} STREET`),
      ...['O', 'D', 'G', 'B'].map((g) => `${q} ${n}${g}${ORDINAL(n).slice(String(n).length)} STREET`),
    ]),
  ),
);
/** SW 8th Street as a blade writes it: the gazetteer's Calle Ocho. */
const CALLE_OCHO = /^(SW|SOUTHWEST) 8(TH)? (ST|STREET)$/;
const elsewhere = {
  nearNames: matchesOf(NEAR_NAMES, false),
  placesElsewhere: matchesOf(ELSEWHERE, false),
  gridNamesMatchedTolerantly: matchesOf(
    gridNames.filter((g) => !CALLE_OCHO.test(g)),
    true,
  ),
  calleOchosOwnFormsMatched: matchesOf(
    gridNames.filter((g) => CALLE_OCHO.test(g)),
    false,
  ),
};
const MANGLED = [
  'JAYSIDE',
  'MAMINTERNATIONAL AIRPORT',
  'wal INTERNATIONAL AIRPOR T',
  'VIZCAYAMUSEUM',
  'LINCOLNROAD',
  'WYNWOOD WALLS',
  'MIAMI SEAQUARIUMM',
  'PEREZ ART MUSEM',
  'HARD ROCK STADIUN',
  // A name whose first word's start is hidden (a stop sign in front of it), and one whose last word's end is.
  'ECREST GARDENS',
  'MIAMI SEAQUAR',
];
const trueMatches = MANGLED.map((m) => ({
  text: m,
  found: findPlacesInText(m, { tolerant: true }).map((f) => `${f.entry.name} (${f.edits ?? 0})`),
}));
const result = {
  benchmark: 'bench/text/gazetteer-false-matches.ts',
  date: new Date().toISOString(),
  lines: lines.length,
  exactMatchLines: exactLines,
  exactExamples,
  tolerantOnlyMatchLines: tolerantLines,
  tolerantFalseMatchPer1000Lines: Math.round((tolerantLines / lines.length) * 10000) / 10,
  msPerLine: Math.round((ms / lines.length) * 1000) / 1000,
  examples,
  wrapped: {
    pairs: pairLines,
    pairsWithANameAcross: pairMatches,
    falseMatchPer1000Pairs: Math.round((pairMatches / Math.max(1, pairLines)) * 10000) / 10,
    examples: pairExamples,
  },
  elsewhere,
  trueMatches,
};
console.log(JSON.stringify(result, null, 2));
if (!args.out) writeResult('gazetteer-false-matches.json', result);
