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
  trueMatches,
};
console.log(JSON.stringify(result, null, 2));
if (!args.out) writeResult('gazetteer-false-matches.json', result);
