import { describe, expect, it } from 'vitest';
import { seamGlyphs, type SeamLine } from './seams';

/** A line on the row y = 500, 100 px tall, from x0 to x1, its glyphs at these x positions. */
function line(
  x0: number,
  x1: number,
  glyphs: Array<[string, number]>,
  o: { y?: number; h?: number; angle?: number } = {},
) {
  const w = x1 - x0;
  return {
    box: { cx: (x0 + x1) / 2, cy: o.y ?? 500, w, h: o.h ?? 100, angle: o.angle ?? 0 },
    glyphs: glyphs.map(([char, x]) => ({ char, at: (x - x0) / w })),
  } satisfies SeamLine;
}

describe('the same ink read by two lines of one row', () => {
  it('a line that begins on its neighbour’s last letter: "NW" and "121ST" of "NW 21 ST"', () => {
    const nw = line(0, 200, [
      ['N', 50],
      ['W', 150],
    ]);
    const number = line(180, 480, [
      ['1', 189],
      ['2', 260],
      ['1', 320],
      ['S', 390],
      ['T', 450],
    ]);
    expect(seamGlyphs([nw, number])).toEqual([{ line: 1, end: 'first' }]);
    // Whichever order the lines come in.
    expect(seamGlyphs([number, nw])).toEqual([{ line: 0, end: 'first' }]);
  });

  it('a line that ends on its neighbour’s first letter: "MIGHTY1" and "TITANS"', () => {
    const mighty = line(0, 640, [
      ['M', 40],
      ['I', 120],
      ['G', 200],
      ['H', 300],
      ['T', 400],
      ['Y', 500],
      ['1', 615],
    ]);
    const titans = line(590, 1100, [
      ['T', 620],
      ['I', 700],
      ['T', 780],
      ['A', 870],
      ['N', 960],
      ['S', 1050],
    ]);
    expect(seamGlyphs([mighty, titans])).toEqual([{ line: 0, end: 'last' }]);
  });

  it('two words a space apart are two words, even where their boxes overlap', () => {
    const nw = line(0, 200, [
      ['N', 50],
      ['W', 140],
    ]);
    const first = line(170, 400, [
      ['1', 230],
      ['S', 290],
      ['T', 350],
    ]);
    expect(seamGlyphs([nw, first])).toEqual([]);
  });

  it('a 1 beside a digit may be one number split in two: "SW 11" and "7 AVE" keep every glyph', () => {
    const sw11 = line(0, 330, [
      ['S', 40],
      ['W', 110],
      ['1', 220],
      ['1', 280],
    ]);
    const ave = line(300, 600, [
      ['7', 320],
      ['A', 420],
      ['V', 490],
      ['E', 560],
    ]);
    expect(seamGlyphs([sw11, ave])).toEqual([]);
  });

  it('two thin glyphs, or two whole letters, at the seam: neither is known to be the sliver', () => {
    const miami = line(0, 400, [
      ['M', 40],
      ['I', 120],
      ['A', 200],
      ['M', 290],
      ['I', 380],
    ]);
    const street = line(370, 700, [
      ['1', 378],
      ['2', 450],
      ['S', 560],
      ['T', 640],
    ]);
    expect(seamGlyphs([miami, street])).toEqual([]);
    const command = line(0, 400, [
      ['C', 40],
      ['O', 120],
      ['M', 200],
      ['N', 385],
    ]);
    const mighty = line(370, 800, [
      ['M', 400],
      ['I', 470],
      ['G', 540],
    ]);
    expect(seamGlyphs([command, mighty])).toEqual([]);
  });

  it('lines that are not one row: another row, another size, another slant', () => {
    const nw = line(0, 200, [
      ['N', 50],
      ['W', 150],
    ]);
    const at = (o: { y?: number; h?: number; angle?: number }) =>
      line(
        180,
        480,
        [
          ['1', 189],
          ['2', 260],
          ['S', 390],
        ],
        o,
      );
    expect(seamGlyphs([nw, at({ y: 560 })])).toEqual([]);
    expect(seamGlyphs([nw, at({ h: 200 })])).toEqual([]);
    expect(seamGlyphs([nw, at({ angle: 0.3 })])).toEqual([]);
    // Not overlapping: the next line starts after this one ends.
    expect(
      seamGlyphs([
        nw,
        line(205, 480, [
          ['1', 212],
          ['2', 260],
        ]),
      ]),
    ).toEqual([]);
  });

  it('skips lines not read', () => {
    expect(seamGlyphs([null, line(0, 200, [['N', 50]]), null])).toEqual([]);
  });
});
