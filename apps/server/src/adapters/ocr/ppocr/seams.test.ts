import { describe, expect, it } from 'vitest';
import { seamGlyphs, type SeamLine } from './seams';

/** A line on the row y = 500, 100 px tall, from x0 to x1: the glyphs of `text` at the x positions `xs`. */
function line(x0: number, x1: number, text: string, xs: number[], o: { y?: number; h?: number; angle?: number } = {}) {
  const w = x1 - x0;
  return {
    box: { cx: (x0 + x1) / 2, cy: o.y ?? 500, w, h: o.h ?? 100, angle: o.angle ?? 0 },
    glyphs: [...text].map((char, i) => ({ char, at: (xs[i]! - x0) / w })),
  } satisfies SeamLine;
}

describe('the same ink read by two lines of one row', () => {
  it('a line that begins on its neighbour’s last letter: "NW" and "121ST" of "NW 21 ST"', () => {
    const nw = line(0, 200, 'NW', [50, 150]);
    const number = line(180, 480, '121ST', [189, 260, 320, 390, 450]);
    expect(seamGlyphs([nw, number])).toEqual([{ line: 1, end: 'first' }]);
    // Whichever order the lines come in.
    expect(seamGlyphs([number, nw])).toEqual([{ line: 0, end: 'first' }]);
  });

  it('a line that ends on its neighbour’s first letter: "MIGHTY1" and "TITANS"', () => {
    const mighty = line(0, 640, 'MIGHTY1', [40, 120, 200, 300, 400, 500, 615]);
    const titans = line(590, 1100, 'TITANS', [620, 700, 780, 870, 960, 1050]);
    expect(seamGlyphs([mighty, titans])).toEqual([{ line: 0, end: 'last' }]);
  });

  it('two words a space apart are two words, even where their boxes overlap', () => {
    expect(seamGlyphs([line(0, 200, 'NW', [50, 140]), line(170, 400, '1ST', [230, 290, 350])])).toEqual([]);
  });

  it('a 1 beside a digit may be one number split in two: "SW 11" and "7 AVE" keep every glyph', () => {
    const sw11 = line(0, 330, 'SW11', [40, 110, 220, 280]);
    const ave = line(300, 600, '7AVE', [320, 420, 490, 560]);
    expect(seamGlyphs([sw11, ave])).toEqual([]);
  });

  it('two thin glyphs, or two whole letters, at the seam: neither is known to be the sliver', () => {
    const miami = line(0, 400, 'MIAMI', [40, 120, 200, 290, 380]);
    const street = line(370, 700, '12ST', [378, 450, 560, 640]);
    expect(seamGlyphs([miami, street])).toEqual([]);
    const command = line(0, 400, 'COMN', [40, 120, 200, 385]);
    const mighty = line(370, 800, 'MIG', [400, 470, 540]);
    expect(seamGlyphs([command, mighty])).toEqual([]);
  });

  it('lines that are not one row: another row, another size, another slant', () => {
    const nw = line(0, 200, 'NW', [50, 150]);
    const at = (o: { y?: number; h?: number; angle?: number }) => line(180, 480, '12S', [189, 260, 390], o);
    expect(seamGlyphs([nw, at({ y: 560 })])).toEqual([]);
    expect(seamGlyphs([nw, at({ h: 200 })])).toEqual([]);
    expect(seamGlyphs([nw, at({ angle: 0.3 })])).toEqual([]);
    // Not overlapping: the next line starts after this one ends.
    expect(seamGlyphs([nw, line(205, 480, '12', [212, 260])])).toEqual([]);
  });

  it('skips lines not read', () => {
    expect(seamGlyphs([null, line(0, 200, 'N', [50]), null])).toEqual([]);
  });
});
