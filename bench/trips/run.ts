/**
 * The trips benchmark (issue 15): generated trips through Miami-Dade along the county street grid, phone photos along
 * the way, GPS stripped from a share of them; the stripped ones are placed by the sequence locator's pure core
 * (engine/locators/sequence.ts) from the photos that kept theirs.
 *
 * - Trips: from a random corner of the grid (engine/geo/grid.ts; streets SW 200 St–NW 180 St, avenues NE 2 Ave–SW 157
 *   Ave), walking (1.2–1.6 m/s, pauses at some corners) or driving (10–20 m/s between corners, stops at lights),
 *   a few blocks along a street or avenue, then a turn at a corner, for 30 min to 3 h.
 * - Photos: one every 10 s to 10 min (log-uniform, so bursts and long gaps both occur). 30–50 % (per trip) lose
 *   their GPS; the others carry a fix with a stated accuracy of 5–30 m and an error drawn as the metadata locator
 *   models it (2-D Gaussian, σ = accuracy / 1.5). Times: 70 % of trips state the UTC offset (-04:00), 20 % only the
 *   camera clock, 10 % mixed (the stripped photos lost their offset too).
 * - Halves by seed: trips of seeds 1–N are the tuning half (the constants of sequence.ts were chosen on it); seeds
 *   N+1–2N are held out and reported.
 *
 * Reported per half: for stripped photos whose nearest GPS neighbour is ≤ 5 min away, and for all stripped photos:
 * share placed, median (p90) error, share within the stated radius, ECE of the stated confidence; plus the hit rate by
 * gap (what CONFIDENCE_BY_GAP is read from). Targets (issue 15): median ≤ 150 m, ≥ 90 % within radius, ECE ≤ 0.1.
 * Run: `npm run bench:trips [-- --trips 50]`; writes bench/results/trips.json.
 */
import { Console } from 'node:console';
import { parseArgs } from 'node:util';
import { gridPoint } from '@vt/server/src/engine/geo/grid';
import { haversineMeters, type LatLng } from '@vt/server/src/engine/geo/geometry';
import { mulberry32 } from '@vt/server/src/engine/geo/sampling';
import {
  MAX_GAP_MS,
  PACE_FACTOR,
  SPEED_BOUND_MPS,
  WALK_BOUND_MPS,
  placeBySequence,
  type SequenceNeighbour,
  type SequencePhoto,
} from '@vt/server/src/engine/locators/sequence';
import { ece, type Calibration } from '../engine/calibration';
import { percentile, writeResult } from '../engine/harness';

const { values: args } = parseArgs({ options: { trips: { type: 'string', default: '50' } } });
const TRIPS_PER_HALF = Number(args.trips);
const NEAR_MS = 5 * 60_000;

type Mode = 'walk' | 'drive';
type Waypoint = { t: number; street: number; avenue: number };
type TripPhoto = {
  t: number;
  truth: LatLng;
  stripped: boolean;
  photo: SequencePhoto;
  neighbour?: SequenceNeighbour;
};

const START = Date.UTC(2024, 2, 9, 14, 0, 0);
const pad = (n: number) => String(n).padStart(2, '0');
/** The wall clock at UTC instant `ms` in a zone `offsetMin` minutes from UTC, as EXIF writes it. */
function wallClock(ms: number, offsetMin: number): string {
  const d = new Date(ms + offsetMin * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Moves `m` metres north (dLat) and east (dLng) of `p`. */
function offsetBy(p: LatLng, north: number, east: number): LatLng {
  return {
    lat: p.lat + north / 111_320,
    lng: p.lng + east / (111_320 * Math.cos((p.lat * Math.PI) / 180)),
  };
}

function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** The route: corners with arrival times (s), walked or driven along the grid, turning at corners. */
function route(rand: () => number, mode: Mode, durationS: number): Waypoint[] {
  let street = Math.round(-200 + rand() * 380);
  let avenue = Math.round(-2 + rand() * 159);
  const points: Waypoint[] = [{ t: 0, street, avenue }];
  let t = 0;
  let axis: 'street' | 'avenue' = rand() < 0.5 ? 'street' : 'avenue';
  const walkSpeed = 1.2 + rand() * 0.4;
  while (t < durationS) {
    // A few blocks one way, then a turn (or, now and then, straight on).
    const blocks = 1 + Math.floor(rand() * (mode === 'walk' ? 6 : 15));
    const dir = rand() < 0.5 ? -1 : 1;
    for (let b = 0; b < blocks && t < durationS; b++) {
      const next = axis === 'street' ? { street, avenue: avenue + dir } : { street: street + dir, avenue };
      const metres = haversineMeters(gridPoint(street, avenue), gridPoint(next.street, next.avenue));
      const speed = mode === 'walk' ? walkSpeed : 10 + rand() * 10;
      t += metres / speed;
      ({ street, avenue } = next);
      points.push({ t, street, avenue });
      // Pauses: a walker stops to look, a driver at a light.
      const pause = mode === 'walk' ? (rand() < 0.1 ? 30 + rand() * 300 : 0) : rand() < 0.3 ? 10 + rand() * 80 : 0;
      if (pause) {
        t += pause;
        points.push({ t, street, avenue });
      }
    }
    if (rand() < 0.8) axis = axis === 'street' ? 'avenue' : 'street';
  }
  return points;
}

function positionAt(points: readonly Waypoint[], t: number): LatLng {
  let i = 1;
  while (i < points.length - 1 && points[i]!.t < t) i++;
  const a = points[i - 1]!;
  const b = points[i]!;
  const f = b.t > a.t ? Math.min(1, Math.max(0, (t - a.t) / (b.t - a.t))) : 1;
  return gridPoint(a.street + f * (b.street - a.street), a.avenue + f * (b.avenue - a.avenue));
}

function trip(seed: number): { mode: Mode; photos: TripPhoto[] } {
  const rand = mulberry32(seed * 7919 + 17);
  const mode: Mode = rand() < 0.5 ? 'walk' : 'drive';
  const durationS = 1800 + rand() * 9000;
  const points = route(rand, mode, durationS);
  const stripShare = 0.3 + rand() * 0.2;
  const timeKind = rand();
  const zoned = timeKind < 0.7 ? 'all' : timeKind < 0.9 ? 'none' : 'mixed';
  const camera = { make: 'Apple', model: `iPhone ${12 + (seed % 4)}`, serial: null };
  const photos: TripPhoto[] = [];
  for (let t = rand() * 60; t < durationS; t += Math.exp(Math.log(10) + rand() * Math.log(60))) {
    const truth = positionAt(points, t);
    const stripped = rand() < stripShare;
    const instant = START + seed * 86_400_000 + t * 1000;
    const withOffset = zoned === 'all' || (zoned === 'mixed' && !stripped);
    const takenAt = { local: wallClock(instant, -240), offset: withOffset ? '-04:00' : null };
    const photo: SequencePhoto = { takenAt, camera };
    const entry: TripPhoto = { t, truth, stripped, photo };
    if (!stripped) {
      const accuracy = 5 + rand() * 25;
      const sigma = accuracy / 1.5;
      entry.neighbour = {
        ...photo,
        position: offsetBy(truth, gaussian(rand) * sigma, gaussian(rand) * sigma),
        radiusMeters: Math.round(accuracy),
        analysisId: `trip${seed}-${photos.length}`,
        fileName: `IMG_${String(photos.length).padStart(4, '0')}.jpg`,
      };
    }
    photos.push(entry);
  }
  return { mode, photos };
}

type Outcome = {
  mode: Mode;
  nearestGapMs: number;
  placed: boolean;
  sides?: 'both' | 'one';
  gapMs?: number;
  errorM?: number;
  radiusM?: number;
  hit?: boolean;
  confidence?: number;
};

function runHalf(seeds: readonly number[]): Outcome[] {
  const out: Outcome[] = [];
  for (const seed of seeds) {
    const { mode, photos } = trip(seed);
    const neighbours = photos.flatMap((p) => (p.neighbour ? [p.neighbour] : []));
    const gpsTimes = photos.filter((p) => !p.stripped).map((p) => p.t);
    for (const p of photos.filter((x) => x.stripped)) {
      const nearestGapMs = Math.min(Infinity, ...gpsTimes.map((t) => Math.abs(t - p.t) * 1000));
      const placed = placeBySequence(p.photo, neighbours);
      if (!placed) {
        out.push({ mode, nearestGapMs, placed: false });
        continue;
      }
      const errorM = haversineMeters(placed.position, p.truth);
      out.push({
        mode,
        nearestGapMs,
        placed: true,
        sides: placed.before && placed.after ? 'both' : 'one',
        gapMs: placed.gapMs,
        errorM,
        radiusM: placed.radiusMeters,
        hit: errorM <= placed.radiusMeters,
        confidence: placed.confidence,
      });
    }
  }
  return out;
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const r3 = (v: number) => Math.round(v * 1000) / 1000;

function summarise(outcomes: readonly Outcome[]) {
  const placed = outcomes.filter((o) => o.placed);
  const errors = placed.map((o) => o.errorM!);
  const calibration: Calibration = ece(placed.map((o) => ({ confidence: o.confidence!, hit: o.hit! })));
  return {
    photos: outcomes.length,
    placedShare: outcomes.length ? r3(placed.length / outcomes.length) : null,
    medianErrorM: errors.length ? r1(percentile(errors, 50)) : null,
    p90ErrorM: errors.length ? r1(percentile(errors, 90)) : null,
    medianRadiusM: placed.length
      ? r1(
          percentile(
            placed.map((o) => o.radiusM!),
            50,
          ),
        )
      : null,
    withinRadiusShare: placed.length ? r3(placed.filter((o) => o.hit).length / placed.length) : null,
    ece: calibration.ece,
    calibration,
  };
}

/** Hit rate by the gap to the nearer neighbour and by sides: what the confidence table is read from. */
function byGap(outcomes: readonly Outcome[]) {
  const edges = [1, 5, 15, 30];
  const rows: { sides: string; gapUpToMin: number; n: number; hitRate: number | null }[] = [];
  for (const sides of ['both', 'one'] as const)
    edges.forEach((upTo, i) => {
      const from = i ? edges[i - 1]! : -1;
      const set = outcomes.filter(
        (o) => o.placed && o.sides === sides && o.gapMs! / 60_000 > from && o.gapMs! / 60_000 <= upTo,
      );
      rows.push({
        sides,
        gapUpToMin: upTo,
        n: set.length,
        hitRate: set.length ? r3(set.filter((o) => o.hit).length / set.length) : null,
      });
    });
  return rows;
}

function report(outcomes: readonly Outcome[]) {
  const near = outcomes.filter((o) => o.nearestGapMs <= NEAR_MS);
  return {
    nearNeighbour: summarise(near),
    allStripped: summarise(outcomes),
    byMode: {
      walk: summarise(near.filter((o) => o.mode === 'walk')),
      drive: summarise(near.filter((o) => o.mode === 'drive')),
    },
    hitRateByGap: byGap(outcomes),
  };
}

const tuningSeeds = Array.from({ length: TRIPS_PER_HALF }, (_, i) => i + 1);
const heldOutSeeds = Array.from({ length: TRIPS_PER_HALF }, (_, i) => TRIPS_PER_HALF + i + 1);
const tuning = report(runHalf(tuningSeeds));
const heldOut = report(runHalf(heldOutSeeds));

const result = {
  benchmark: 'trips',
  date: new Date().toISOString(),
  targets: { medianErrorM: 150, withinRadiusShare: 0.9, ece: 0.1, nearNeighbourMs: NEAR_MS },
  constants: {
    maxGapMs: MAX_GAP_MS,
    speedBoundMps: SPEED_BOUND_MPS,
    paceFactor: PACE_FACTOR,
    walkBoundMps: WALK_BOUND_MPS,
  },
  tripsPerHalf: TRIPS_PER_HALF,
  tuning: { seeds: [tuningSeeds[0], tuningSeeds.at(-1)], ...tuning },
  heldOut: { seeds: [heldOutSeeds[0], heldOutSeeds.at(-1)], ...heldOut },
};
const file = writeResult('trips.json', result);

const table = new Console(process.stderr).table;
const row = (half: string, set: string, s: ReturnType<typeof summarise>) => ({
  half,
  set,
  photos: s.photos,
  placed: s.placedShare,
  'median m': s.medianErrorM,
  'p90 m': s.p90ErrorM,
  'median radius m': s.medianRadiusM,
  'within radius': s.withinRadiusShare,
  ECE: s.ece,
});
table([
  row('tuning', 'stripped, neighbour ≤ 5 min', tuning.nearNeighbour),
  row('tuning', 'all stripped', tuning.allStripped),
  row('held-out', 'stripped, neighbour ≤ 5 min', heldOut.nearNeighbour),
  row('held-out', '  walking', heldOut.byMode.walk),
  row('held-out', '  driving', heldOut.byMode.drive),
  row('held-out', 'all stripped', heldOut.allStripped),
]);
table(tuning.hitRateByGap.map((r) => ({ half: 'tuning', ...r })));
console.log(
  JSON.stringify(
    { file, tuning: tuning.nearNeighbour, heldOut: heldOut.nearNeighbour },
    (k, v) => (k === 'calibration' ? undefined : v),
    2,
  ),
);
