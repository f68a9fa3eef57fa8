import { describe, expect, it } from 'vitest';
import { ece, pool } from './calibration';

describe('expected calibration error', () => {
  it('is zero when the stated confidence is the hit rate, and the gap otherwise', () => {
    const honest = [
      ...Array(8).fill({ confidence: 0.75, hit: true }),
      ...Array(2).fill({ confidence: 0.75, hit: false }),
    ];
    // 8 of 10 hit at a stated 0.75: |0.8 − 0.75|.
    expect(ece(honest)).toEqual({ n: 10, ece: 0.05, bins: [{ from: 0.7, n: 10, confidence: 0.75, accuracy: 0.8 }] });
    const overconfident = [
      { confidence: 0.95, hit: false },
      { confidence: 0.95, hit: true },
    ];
    expect(ece(overconfident).ece).toBe(0.45);
    expect(ece([])).toEqual({ n: 0, ece: null, bins: [] });
    // Confidence 1 falls in the top bin, not an eleventh one.
    expect(ece([{ confidence: 1, hit: true }]).bins).toEqual([{ from: 0.9, n: 1, confidence: 1, accuracy: 1 }]);
  });

  it('pools sets from their bins as if all points were one set', () => {
    const a = [
      { confidence: 0.92, hit: true },
      { confidence: 0.94, hit: false },
      { confidence: 0.55, hit: true },
    ];
    const b = [
      { confidence: 0.96, hit: true },
      { confidence: 0.51, hit: false },
      { confidence: 0.12, hit: false },
    ];
    const pooled = pool([ece(a), ece(b)]);
    const direct = ece([...a, ...b]);
    expect(pooled.n).toBe(6);
    expect(pooled.ece).toBeCloseTo(direct.ece!, 2);
    expect(pooled.bins.map((x) => x.n)).toEqual(direct.bins.map((x) => x.n));
    expect(pool([])).toEqual({ n: 0, ece: null, bins: [] });
  });
});
