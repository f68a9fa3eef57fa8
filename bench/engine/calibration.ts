/**
 * Reliability of a stated confidence (issue 7): a locator says "this place, within r metres, with probability p";
 * over many photos, the share that really lies within r should be p. Expected calibration error (ECE) over ten
 * equal-width bins of p: Σ (n_bin / N) · |accuracy_bin − mean confidence_bin|. Pure, shared by every benchmark that
 * reports it, so the figures of different sets can be pooled from their bins.
 */
export type CalibrationPoint = { confidence: number; hit: boolean };
export type CalibrationBin = { from: number; n: number; confidence: number; accuracy: number };
export type Calibration = { n: number; ece: number | null; bins: CalibrationBin[] };

const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function ece(points: readonly CalibrationPoint[]): Calibration {
  if (!points.length) return { n: 0, ece: null, bins: [] };
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i / 10, items: [] as CalibrationPoint[] }));
  for (const p of points) bins[Math.min(9, Math.max(0, Math.floor(p.confidence * 10)))]!.items.push(p);
  let sum = 0;
  const out: CalibrationBin[] = [];
  for (const b of bins) {
    if (!b.items.length) continue;
    const conf = b.items.reduce((s, p) => s + p.confidence, 0) / b.items.length;
    const acc = b.items.filter((p) => p.hit).length / b.items.length;
    sum += (b.items.length / points.length) * Math.abs(acc - conf);
    out.push({ from: b.from, n: b.items.length, confidence: r3(conf), accuracy: r3(acc) });
  }
  return { n: points.length, ece: r3(sum), bins: out };
}

/**
 * The ECE of several sets taken together, from their bins alone (bins of the same range merge by weighted means).
 * Equal to `ece` over all the points, up to the rounding of the stored bin means.
 */
export function pool(calibrations: readonly Calibration[]): Calibration {
  const merged = new Map<number, { n: number; conf: number; acc: number }>();
  for (const c of calibrations)
    for (const b of c.bins) {
      const m = merged.get(b.from) ?? { n: 0, conf: 0, acc: 0 };
      merged.set(b.from, { n: m.n + b.n, conf: m.conf + b.n * b.confidence, acc: m.acc + b.n * b.accuracy });
    }
  const n = [...merged.values()].reduce((s, m) => s + m.n, 0);
  if (!n) return { n: 0, ece: null, bins: [] };
  const bins = [...merged.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([from, m]) => ({ from, n: m.n, confidence: r3(m.conf / m.n), accuracy: r3(m.acc / m.n) }));
  const sum = bins.reduce((s, b) => s + (b.n / n) * Math.abs(b.accuracy - b.confidence), 0);
  return { n, ece: r3(sum), bins };
}
