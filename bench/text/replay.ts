/**
 * Tuning the text locator's decisions without reading the photos again: the slow part of bench/text/signs.ts is
 * the OCR (seconds a photo on this machine); what the engine makes of its output (which lines it trusts, the grammar
 * readings it takes, the geoparser) runs in milliseconds. This reads the photos of a `--save-images` folder once
 * with everything the reader can give (every line, every grammar reading) into a cache beside them, then replays
 * the engine's decisions on the cache and scores them as signs.ts does.
 *
 *   npx tsx bench/text/signs.ts --half tuning --save-images DIR --generate-only
 *   npx tsx bench/text/replay.ts DIR [--gap-base N --gap-per-glyph N] [--verbose] [--show FORM] [--no-nearby] [--cache FILE [--detect-tile PX] [--trial JSON]]
 *
 * For the TUNING half only: tuning on held-out photos would make the held-out figure one more tuning figure.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Evidence } from '@vt/shared';
import type { SceneText } from '@vt/server/src/adapters/ocr/ocr';
import { PpOcrReader } from '@vt/server/src/adapters/ocr/ppocr/reader';
import { textEvidence } from '@vt/server/src/engine/locators/text.locator';
import { fuse } from '@vt/server/src/engine/pipeline/fuse';
import { describePlace, placeName } from '@vt/server/src/engine/pipeline/place';
import { haversineMeters, type LatLng } from '@vt/server/src/engine/geo/geometry';
import { GAP_RULE, signReaderOptions, toReadText, type GapRule } from '@vt/server/src/engine/text/read-text';
import { nameSizeBand } from './scene';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'gap-base': { type: 'string' },
    'gap-per-glyph': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    // Prints every photo of this form (placed or not), to study one form's readings.
    show: { type: 'string' },
    // Reads without the look around small lines (ReaderOptions.nearby), to measure what it adds.
    'no-nearby': { type: 'boolean', default: false },
    // The cache's file name in DIR, to keep the reads of a trial reader apart from the reader's own.
    cache: { type: 'string' },
    // A trial detector tile side (ReaderOptions.detectTile), read into its own --cache.
    'detect-tile': { type: 'string' },
    // Trial reader options as JSON (merged over the sign reader's), read into their own --cache.
    trial: { type: 'string' },
  },
});
const dir = positionals[0];
if (!dir) throw new Error('Usage: replay.ts DIR (a folder written by signs.ts --save-images)');
if ((args['detect-tile'] || args.trial) && !args.cache)
  throw new Error('--detect-tile and --trial read with a trial reader: name its --cache.');
const trial = trialOptions(args.trial);

/** --trial's reader options: a JSON object, or a clear error before any photo is read. */
function trialOptions(json: string | undefined): object {
  if (json === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    throw new Error(`--trial is not JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('--trial must be a JSON object of reader options, e.g. {"detectTile":640}.');
  return parsed;
}

type Photo = {
  file: string;
  set: string;
  form: string;
  sizeBand: string;
  /** The street name's em in photo pixels (manifests written before it was recorded have none). */
  nameEmPx?: number | null;
  light: string;
  blur: string;
  /** How far from the side the sign is seen (manifests written before it was recorded have none). */
  yaw?: string;
  truth: LatLng | null;
  written: string[];
};
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { half: string; photos: Photo[] };
if (manifest.half !== 'tuning') throw new Error('replay.ts is for the tuning half only.');

// Reads with and without the look around small lines are cached apart: a cache of one is no measure of the other.
const cacheFile = join(dir, args.cache ?? (args['no-nearby'] ? 'reads-no-nearby.json' : 'reads.json'));
const cache: Record<string, SceneText> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};
const missing = manifest.photos.filter((p) => !cache[p.file]);
if (missing.length) {
  // Everything the reader can give: no confidence floor, every grammar reading kept whatever its gap.
  const { nearby, ...options } = signReaderOptions();
  const reader = await PpOcrReader.create({
    threads: 2,
    ...options,
    ...(args['no-nearby'] ? {} : { nearby }),
    ...(args['detect-tile'] ? { detectTile: Number(args['detect-tile']) } : {}),
    ...trial,
    minConfidence: 0,
    maxGap: Infinity,
  });
  for (const [i, p] of missing.entries()) {
    cache[p.file] = await reader.read(readFileSync(join(dir, p.file)));
    if ((i + 1) % 20 === 0) {
      process.stderr.write(`[replay] read ${i + 1}/${missing.length}\n`);
      writeFileSync(cacheFile, JSON.stringify(cache));
    }
  }
  await reader.close();
  writeFileSync(cacheFile, JSON.stringify(cache));
}

const gapRule: GapRule = {
  base: args['gap-base'] === undefined ? GAP_RULE.base : Number(args['gap-base']),
  perGlyph: args['gap-per-glyph'] === undefined ? GAP_RULE.perGlyph : Number(args['gap-per-glyph']),
};
type Row = Photo & { errorM: number | null; confidence: number; found: boolean; read: string[] };
const rows: Row[] = manifest.photos.map((p) => {
  const read = toReadText(cache[p.file]!, { gapRule });
  const evidence = textEvidence(read);
  const result = fuse([{ locator: 'metadata', kind: 'absent', summary: 'No GPS.' }, ...evidence] as Evidence[], {
    describePlace,
    placeName,
  });
  const found = result.outcome === 'found';
  return {
    ...p,
    found,
    confidence: result.confidence,
    errorM: found && p.truth ? Math.round(haversineMeters(result, p.truth)) : null,
    read: read.lines.map((l) => `${l.text}${l.seen ? ` [${l.seen}]` : ''} (${l.confidence})`),
  };
});

const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : 0);
const positives = rows.filter((r) => r.truth);
const negatives = rows.filter((r) => !r.truth);
const within = (rs: Row[], m: number) => pct(rs.filter((r) => r.errorM !== null && r.errorM <= m).length, rs.length);
const confident = positives.filter((r) => r.found && r.confidence >= 0.8);
const by = (key: (r: Row) => string) =>
  Object.fromEntries(
    [...new Set(positives.map(key))].sort().map((v) => [
      v,
      within(
        positives.filter((r) => key(r) === v),
        300,
      ),
    ]),
  );
console.log(
  JSON.stringify({
    gapRule,
    n: positives.length,
    within300mPct: within(positives, 300),
    within1kmPct: within(positives, 1000),
    confident: {
      n: confident.length,
      within1kmPct: pct(confident.filter((r) => r.errorM! <= 1000).length, confident.length),
    },
    negatives: {
      n: negatives.length,
      maxConfidence: Math.max(0, ...negatives.map((r) => (r.found ? r.confidence : 0))),
    },
    bySize: by((r) => r.sizeBand),
    byNameSize: by((r) => nameSizeBand(r.nameEmPx ?? null)),
    byBlur: by((r) => r.blur),
    byYaw: by((r) => r.yaw ?? 'a facing'),
    byLight: by((r) => r.light),
    bySet: by((r) => r.set),
  }),
);
if (args.verbose || args.show)
  for (const r of rows.filter((r) =>
    args.show ? r.form === args.show : r.truth ? r.errorM === null || r.errorM > 300 : r.found,
  ))
    console.log(
      `${r.file} ${JSON.stringify(r.written)} -> ${r.errorM ?? 'fallback'} @${r.confidence}: ${r.read.join(' | ')}`,
    );
