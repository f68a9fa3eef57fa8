/**
 * Fits the grid model's knots (apps/server/src/engine/geo/grid.ts) to the calibration half of the City of Miami
 * trolley stops, and prints the across-line error on the evaluation half before and after.
 *
 * The model is piecewise linear in its knots, so the fit is linear least squares: each stop on a street says
 * "the street's latitude at this number is the stop's latitude" (an avenue: longitude), a linear equation in the
 * two knots around it. A ridge term keeps every knot near its authored value (a knot no stop constrains stays
 * put), and stops more than 400 m off the line (a stop named after a street it only faces) are dropped.
 *
 * Run: `npx tsx bench/text/calibrate-grid.ts`. Prints JSON: knots before/after and the error figures; the fitted
 * values are then written into grid.ts by hand, with this script named beside them.
 */
import { AVENUE_KNOTS, STREET_KNOTS, interpolateWith } from '@vt/server/src/engine/geo/grid';
import { trolleyStopsOnGridLines, type TrolleyStop } from '@vt/server/src/engine/test/trolley';

const M_PER_DEG_LAT = 110_790;
const RIDGE = 0.5;
const OUTLIER_M = 400;

type Knots = ReadonlyArray<readonly [number, number]>;

function weights(knots: Knots, x: number): Array<[number, number]> {
  let i = 1;
  while (i < knots.length - 1 && x > knots[i]![0]) i++;
  const [x0] = knots[i - 1]!;
  const [x1] = knots[i]!;
  const t = (x - x0) / (x1 - x0);
  return [
    [i - 1, 1 - t],
    [i, t],
  ];
}

/** Solves (AᵀA + λI) v = Aᵀb + λ v0 by Gaussian elimination. */
function ridge(rows: Array<{ w: Array<[number, number]>; y: number }>, v0: number[], lambda: number): number[] {
  const n = v0.length;
  const m = Array.from({ length: n }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === j ? lambda : 0)));
  for (let i = 0; i < n; i++) m[i]![n] = lambda * v0[i]!;
  for (const r of rows)
    for (const [a, wa] of r.w) {
      for (const [b, wb] of r.w) m[a]![b]! += wa * wb;
      m[a]![n]! += wa * r.y;
    }
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

function fit(knots: Knots, stops: TrolleyStop[], axis: 'street' | 'avenue', scaleM: number): Array<[number, number]> {
  const value = (s: TrolleyStop) => (axis === 'street' ? s.lat : s.lng);
  const rows = stops
    .filter((s) => s.line.axis === axis)
    .filter((s) => Math.abs(interpolateWith(knots, s.line.number) - value(s)) * scaleM <= OUTLIER_M)
    .map((s) => ({ w: weights(knots, s.line.number), y: value(s) }));
  const fitted = ridge(
    rows,
    knots.map((k) => k[1]),
    RIDGE,
  );
  return knots.map((k, i) => [k[0], Math.round(fitted[i]! * 10_000) / 10_000]);
}

function errors(stops: TrolleyStop[], streets: Knots, avenues: Knots): number[] {
  return stops
    .map((s) =>
      s.line.axis === 'street'
        ? Math.abs(interpolateWith(streets, s.line.number) - s.lat) * M_PER_DEG_LAT
        : Math.abs(interpolateWith(avenues, s.line.number) - s.lng) * M_PER_DEG_LAT * Math.cos((s.lat * Math.PI) / 180),
    )
    .sort((a, b) => a - b);
}

const q = (v: number[], p: number) => Math.round(v[Math.min(v.length - 1, Math.floor(p * v.length))]!);
const summary = (v: number[]) => ({
  n: v.length,
  medianM: q(v, 0.5),
  p90M: q(v, 0.9),
  maxM: Math.round(v[v.length - 1]!),
});

/**
 * Knots added between the section lines where stops exist, so the fit can bend locally instead of dragging a
 * section line (Flagler, the origin) to fit the blocks beside it. Started on the authored line.
 */
const EXTRA_STREETS = [-16, -4, 4, 8, 11, 14, 28, 46, 54, 70];
const EXTRA_AVENUES = [-2, 4, 7, 17, 22, 32, 42, 47, 52];
const densify = (knots: Knots, extra: number[]): Knots =>
  [
    ...knots,
    ...extra.filter((x) => !knots.some((k) => k[0] === x)).map((x) => [x, interpolateWith(knots, x)] as const),
  ].sort((a, b) => a[0] - b[0]);

const stops = trolleyStopsOnGridLines();
const calibration = stops.filter((s) => s.half === 'calibration');
const evaluation = stops.filter((s) => s.half === 'evaluation');
const lngScale = M_PER_DEG_LAT * Math.cos((25.77 * Math.PI) / 180);
const dense = process.argv.includes('--dense');
const startStreets = dense ? densify(STREET_KNOTS, EXTRA_STREETS) : STREET_KNOTS;
const startAvenues = dense ? densify(AVENUE_KNOTS, EXTRA_AVENUES) : AVENUE_KNOTS;
const streets = fit(startStreets, calibration, 'street', M_PER_DEG_LAT);
const avenues = fit(startAvenues, calibration, 'avenue', lngScale);

console.log(
  JSON.stringify(
    {
      stops: { calibration: calibration.length, evaluation: evaluation.length },
      evaluationBefore: summary(errors(evaluation, STREET_KNOTS, AVENUE_KNOTS)),
      evaluationAfter: summary(errors(evaluation, streets, avenues)),
      calibrationAfter: summary(errors(calibration, streets, avenues)),
      streetKnots: streets.map((k) => [
        k[0],
        k[1],
        Math.round((k[1] - interpolateWith(STREET_KNOTS, k[0])) * M_PER_DEG_LAT),
      ]),
      avenueKnots: avenues.map((k) => [
        k[0],
        k[1],
        Math.round((k[1] - interpolateWith(AVENUE_KNOTS, k[0])) * lngScale),
      ]),
      knotColumns: '[grid number, fitted value, metres moved from the authored line]',
    },
    null,
    2,
  ),
);
