/**
 * Calibration over all sets (issue 7): the expected calibration error of each locator's stated confidence and of
 * the fused result, pooled from the latest results of the benchmarks that measure them:
 * - bench/engine/accuracy.ts (engine-accuracy.json): the metadata (GPS) locator and the fused result on the generated
 *   Miami-Dade corpus, with GPS and with it stripped;
 * - bench/text/signs.ts (text-signs-heldout.json): the text locator and the fused result on the held-out street-sign half;
 * - bench/gallery/run.ts (gallery.json): the gallery locator and the fused result on the transformed photos.
 *
 * Run the three first, then `npm run bench:calibration`. Reads their bins only (see calibration.ts: pooling bins is
 * the same as pooling the points), prints a table and writes bench/results/calibration.json. A set whose result has
 * no calibration yet is listed as not measured, never guessed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Console } from 'node:console';
import { join } from 'node:path';
import { pool, type Calibration } from '../engine/calibration';
import { RESULTS_DIR, writeResult } from '../engine/harness';

const table = new Console(process.stderr).table;
const read = (file: string): Record<string, unknown> | null => {
  const path = join(RESULTS_DIR, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : null;
};
const at = (o: unknown, ...keys: string[]): Calibration | null => {
  let v: unknown = o;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  const c = v as Calibration | undefined;
  return c && Array.isArray(c.bins)
    ? { n: c.n ?? c.bins.reduce((s, b) => s + b.n, 0), ece: c.ece, bins: c.bins }
    : null;
};

const accuracy = read('engine-accuracy.json');
const signs = read('text-signs-heldout.json');
const gallery = read('gallery.json');

const sources = [
  {
    set: 'generated corpus (engine-accuracy.json)',
    date: accuracy?.date,
    locator: 'metadata',
    of: at(accuracy, 'summary', 'calibration', 'metadata'),
  },
  {
    set: 'generated corpus (engine-accuracy.json)',
    date: accuracy?.date,
    locator: 'fused',
    of: at(accuracy, 'summary', 'calibration', 'fused', 'all'),
  },
  {
    set: 'street signs, held-out half (text-signs-heldout.json)',
    date: signs?.date,
    locator: 'text',
    of: at(signs, 'calibration', 'text'),
  },
  {
    set: 'street signs, held-out half (text-signs-heldout.json)',
    date: signs?.date,
    locator: 'fused',
    of: at(signs, 'calibration', 'fused'),
  },
  { set: 'gallery (gallery.json)', date: gallery?.date, locator: 'gallery', of: at(gallery, 'calibration', 'gallery') },
  { set: 'gallery (gallery.json)', date: gallery?.date, locator: 'fused', of: at(gallery, 'calibration', 'fused') },
];

const perLocator = ['metadata', 'text', 'gallery', 'fused'].map((locator) => {
  const parts = sources.filter((s) => s.locator === locator);
  const measured = parts.filter((p) => p.of).map((p) => p.of!);
  const pooled = pool(measured);
  return {
    locator,
    n: pooled.n,
    ece: pooled.ece,
    sets: parts.map((p) => ({
      set: p.set,
      date: p.date ?? null,
      n: p.of?.n ?? null,
      ece: p.of?.ece ?? null,
      measured: !!p.of,
    })),
    bins: pooled.bins,
  };
});

table(
  perLocator.flatMap((l) => [
    ...l.sets.map((s) => ({ locator: l.locator, set: s.set, n: s.n ?? '—', ece: s.measured ? s.ece : 'not measured' })),
    { locator: l.locator, set: 'all sets', n: l.n, ece: l.ece ?? 'not measured' },
  ]),
);
const file = writeResult('calibration.json', {
  benchmark: 'bench/calibration/run.ts',
  date: new Date().toISOString(),
  definition:
    "ECE over ten bins of the stated confidence (the probability that the truth lies within the stated radius); pooled from each benchmark's bins",
  target: { ece: 0.1 },
  perLocator,
});
process.stderr.write(`[bench:calibration] written ${file}\n`);
