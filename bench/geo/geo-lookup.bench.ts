/**
 * Micro-benchmark of the county lookup. Run: `npx tsx bench/geo/geo-lookup.bench.ts` (or `npm run bench:geo-lookup`).
 * Prints one JSON line; there is no pass/fail on time.
 */
import { isInMiamiDade, warmCountyIndex } from '@vt/server/src/engine/geo/county';
import { mulberry32 } from '@vt/server/src/engine/geo/sampling';

// A fixed pseudo-random sequence so runs are comparable.
const rand = mulberry32(12086);
const N = 200_000;
// Points over the spec box widened by 0.3°, so land, water, neighbours and far-away points all occur.
const lats = new Float64Array(N);
const lngs = new Float64Array(N);
for (let i = 0; i < N; i++) {
  lats[i] = 24.7 + rand() * 2.1;
  lngs[i] = -81.2 + rand() * 1.5;
}

const t0 = performance.now();
warmCountyIndex();
const loadMs = performance.now() - t0;

let inside = 0;
for (let i = 0; i < 20_000; i++) if (isInMiamiDade({ lat: lats[i]!, lng: lngs[i]! })) inside++;

inside = 0;
const start = process.hrtime.bigint();
for (let i = 0; i < N; i++) if (isInMiamiDade({ lat: lats[i]!, lng: lngs[i]! })) inside++;
const totalNs = Number(process.hrtime.bigint() - start);

const SAMPLES = 20_000;
const each = new Float64Array(SAMPLES);
for (let i = 0; i < SAMPLES; i++) {
  const s = process.hrtime.bigint();
  isInMiamiDade({ lat: lats[i]!, lng: lngs[i]! });
  each[i] = Number(process.hrtime.bigint() - s) / 1000;
}
each.sort();

console.log(
  JSON.stringify({
    name: 'geo-lookup:isInMiamiDade',
    date: new Date().toISOString(),
    lookups: N,
    insideShare: Number((inside / N).toFixed(3)),
    indexLoadMs: Number(loadMs.toFixed(1)),
    opsPerSec: Math.round(N / (totalNs / 1e9)),
    p50Micros: Number(each[Math.floor(SAMPLES * 0.5)]!.toFixed(2)),
    p99Micros: Number(each[Math.floor(SAMPLES * 0.99)]!.toFixed(2)),
  }),
);
