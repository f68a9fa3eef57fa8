import { describe, expect, it } from 'vitest';
import { dbChoice, mapLimit, percentile, stats } from './harness';

describe('benchmark statistics', () => {
  it('takes nearest-rank percentiles of unsorted values', () => {
    const values = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
  });

  it('summarises with one decimal and nulls for an empty list', () => {
    expect(stats([1.04, 2.06, 3])).toEqual({ n: 3, p50: 2.1, p95: 3, mean: 2, min: 1, max: 3 });
    expect(stats([])).toEqual({ n: 0, p50: null, p95: null, mean: null, min: null, max: null });
  });
});

describe('database choice', () => {
  it('reads memory, disk and postgres URLs, and refuses anything else', () => {
    expect(dbChoice('memory')).toEqual({ kind: 'pglite-memory' });
    expect(dbChoice('disk')).toEqual({ kind: 'pglite-disk' });
    expect(dbChoice('postgres://u:p@db:5432/vt')).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/vt' });
    expect(() => dbChoice('mysql://x')).toThrow(/--db/);
  });
});

describe('mapLimit', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n * 3));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
