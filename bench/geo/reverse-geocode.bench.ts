/**
 * Micro-benchmark of the reverse geocoder (municipality + neighbourhood + ZIP). Run:
 * `npx tsx bench/geo/reverse-geocode.bench.ts`. Prints one JSON line; there is no pass/fail on time.
 */
import { reverseGeocode } from '../../apps/server/src/engine/geo/reverse-geocode';
import { mulberry32 } from '../../apps/server/src/engine/geo/sampling';

const rand = mulberry32(12086);
const N = 100_000;
// The built-up east of the county, where every part of the answer is exercised.
const pts = Array.from({ length: N }, () => ({ lat: 25.42 + rand() * 0.56, lng: -80.52 + rand() * 0.42 }));

const t0 = performance.now();
reverseGeocode(pts[0]!);
const warmMs = performance.now() - t0;
for (let i = 0; i < 10_000; i++) reverseGeocode(pts[i]!);

const start = process.hrtime.bigint();
for (const p of pts) reverseGeocode(p);
const totalNs = Number(process.hrtime.bigint() - start);

const SAMPLES = 20_000;
const each = new Float64Array(SAMPLES);
for (let i = 0; i < SAMPLES; i++) {
  const s = process.hrtime.bigint();
  reverseGeocode(pts[i]!);
  each[i] = Number(process.hrtime.bigint() - s) / 1000;
}
each.sort();

console.log(
  JSON.stringify({
    name: 'geo:reverseGeocode',
    date: new Date().toISOString(),
    lookups: N,
    firstLookupMs: Number(warmMs.toFixed(1)),
    lookupsPerSec: Math.round(N / (totalNs / 1e9)),
    p50Micros: Number(each[Math.floor(SAMPLES * 0.5)]!.toFixed(2)),
    p99Micros: Number(each[Math.floor(SAMPLES * 0.99)]!.toFixed(2)),
  }),
);
