import { describe, expect, it } from 'vitest';
import { ctcDecode, isCountyGlyph, makeDictionary } from './ctc';

describe('CTC decoding limited to the county’s scripts', () => {
  const dict = makeDictionary(['中', 'S', 'W', '8', 'é', '文'].join('\n'));
  // Classes: 0 blank, 1 中, 2 S, 3 W, 4 8, 5 é, 6 文, 7 space.
  const classes = dict.glyphs.length;
  const seq = (rows: number[][]) => {
    const out = new Float32Array(rows.length * classes);
    rows.forEach((r, t) => r.forEach((p, c) => (out[t * classes + c] = p)));
    return out;
  };
  const one = (c: number, p = 0.9) =>
    Array.from({ length: classes }, (_, i) => (i === c ? p : (1 - p) / (classes - 1)));

  it('keeps the blank first and the space last; CJK glyphs are not emitted', () => {
    expect(dict.glyphs[0]).toBe('');
    expect(dict.glyphs[classes - 1]).toBe(' ');
    expect([...dict.allowed]).toEqual([0, 2, 3, 4, 5, 7]);
    expect(isCountyGlyph('Ñ')).toBe(true);
    expect(isCountyGlyph('×')).toBe(false);
  });

  it('collapses repeats, drops blanks, trims spaces, and averages the glyph probabilities', () => {
    const probs = seq([one(7), one(2), one(2), one(0), one(3), one(7), one(4, 0.7), one(4, 0.7), one(7)]);
    const d = ctcDecode(probs, 0, 9, classes, dict);
    expect(d.text).toBe('SW 8');
    expect(d.chars.map((c) => c.step)).toEqual([1, 4, 5, 6]);
    expect(d.confidence).toBeCloseTo((0.9 + 0.9 + 0.9 + 0.7) / 4, 5);
  });

  it('a step whose best class is a CJK glyph falls to the best allowed one', () => {
    const row = Array.from({ length: classes }, () => 0.01);
    row[1] = 0.6; // 中
    row[2] = 0.3; // S
    const d = ctcDecode(seq([row]), 0, 1, classes, dict);
    expect(d.text).toBe('S');
  });
});
