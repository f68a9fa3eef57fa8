import type { OrientedBox } from './geometry';

/**
 * The same ink read by two lines. The detector sometimes splits one row of text inside a letter, or lets two boxes of
 * one row overlap, and each box's crop then holds a sliver of its neighbour's letter: the recogniser reads the sliver
 * as a thin glyph. "NW 21 ST" came out as "NW" and "121ST" (the W's last stroke read as a 1; NW 121 St is 9.9 km off),
 * "MIGHTY TITANS" as "MIGHTY1" and "TITANS" (the T's stem). Where a line's first glyph and its left neighbour's last
 * glyph lie on the same ink, one of them is the sliver: the thin one (a 1, I, l, | …) when the other is not, since a
 * whole letter at a box's edge reads as itself and a stroke of one reads as a bar. Only beside a letter: a 1 beside a
 * digit may be the same number split in two (decision 0010, twenty-eighth session).
 */
export type SeamLine = {
  box: OrientedBox;
  /** The line's glyphs in reading order, each with its centre along the box: 0 at its start, 1 at its end. */
  glyphs: ReadonlyArray<{ char: string; at: number }>;
};

/** Glyphs a stroke reads as. Not J: a banner's "JULY" split after its J kept the J whole (tuning draw 1111). */
const THIN = new Set(['1', 'I', 'l', 'i', '|', '!', ']', '[', "'", ':', ';', '.', ',']);

/** Two boxes on one row: turned alike, about as tall, one's centre on the other's axis. */
const ANGLE = 0.15;
const HEIGHT_RATIO = 1.6;
const OFF_AXIS = 0.35;
/**
 * Two glyph centres closer than this share of the row's height lie on one letter's ink. The W and the 1 of its last
 * stroke were 0.55 apart; two letters of one word set tight are about 0.6 and more, and two words a height apart.
 */
const SAME_INK = 0.6;

/** A glyph to drop: the line's first glyph (its start is its neighbour's sliver) or its last. */
export type SeamGlyph = { line: number; end: 'first' | 'last' };

/** The slivers of neighbours' letters among `lines`' end glyphs (null lines are skipped). */
export function seamGlyphs(lines: ReadonlyArray<SeamLine | null>): SeamGlyph[] {
  const out: SeamGlyph[] = [];
  const has = (g: SeamGlyph) => out.some((o) => o.line === g.line && o.end === g.end);
  lines.forEach((a, i) => {
    if (!a || !a.glyphs.length) return;
    const ux = Math.cos(a.box.angle);
    const uy = Math.sin(a.box.angle);
    lines.forEach((b, j) => {
      if (!b || j === i || !b.glyphs.length) return;
      if (Math.abs(b.box.angle - a.box.angle) > ANGLE) return;
      const h = Math.min(a.box.h, b.box.h);
      if (Math.max(a.box.h, b.box.h) > HEIGHT_RATIO * h) return;
      const dx = b.box.cx - a.box.cx;
      const dy = b.box.cy - a.box.cy;
      // B's centre along A's axis and off it.
      const along = dx * ux + dy * uy;
      const off = -dx * uy + dy * ux;
      if (Math.abs(off) > OFF_AXIS * h) return;
      // B follows A and their boxes overlap: B starts before A ends, and ends after it.
      const bStart = along - b.box.w / 2;
      if (!(bStart < a.box.w / 2 && along + b.box.w / 2 > a.box.w / 2)) return;
      const last = a.glyphs[a.glyphs.length - 1]!;
      const first = b.glyphs[0]!;
      const lastAt = (last.at - 0.5) * a.box.w;
      const firstAt = bStart + first.at * b.box.w;
      if (Math.abs(firstAt - lastAt) > SAME_INK * h) return;
      const lastThin = THIN.has(last.char);
      const firstThin = THIN.has(first.char);
      if (lastThin === firstThin) return;
      // The whole letter is a letter: beside a digit a thin glyph is as likely a 1 of the same number split in two
      // ("SW 11" and "7 AVE").
      if (!/\p{L}/u.test(firstThin ? last.char : first.char)) return;
      const g: SeamGlyph = firstThin ? { line: j, end: 'first' } : { line: i, end: 'last' };
      // A line may lose both its ends (to its two neighbours); its caller drops a line left with no glyph.
      if (!has(g)) out.push(g);
    });
  });
  return out;
}
