import { describe, expect, it } from 'vitest';
import type { ReadText } from '../text/read-text';
import { textEvidence } from './text.locator';

const read = (lines: Array<{ text: string; confidence: number; seen?: string }>): ReadText => ({
  width: 4000,
  height: 3000,
  lines: lines.map((l, i) => ({ ...l, box: { x: 0.5, y: 0.3 + i * 0.012, w: 0.05, h: 0.01 }, words: [] })),
  candidates: lines.length,
  timings: { findMs: 1, readMs: 1 },
});

describe('textEvidence: how much a corner read through the grammar is trusted', () => {
  it('a corner whose letters the grammar made out is as confident as one read clearly', () => {
    const [clear] = textEvidence(
      read([
        { text: 'NW 27 ST', confidence: 82 },
        { text: 'NW 3 AVE', confidence: 88 },
      ]),
    );
    const [madeOut] = textEvidence(
      read([
        { text: 'NW27St', confidence: 82, seen: 'MW27*St' },
        { text: 'NW 3 AVE', confidence: 88 },
      ]),
    );
    expect(madeOut!.position).toEqual(clear!.position);
    expect(madeOut!.confidence).toBe(clear!.confidence);
    expect(madeOut!.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('a corner whose number the grammar guessed is a candidate, never a confident answer', () => {
    const [guessed] = textEvidence(
      read([
        { text: 'SW369St', confidence: 64, seen: 'SW36#5' },
        { text: 'SW118Ave', confidence: 96 },
      ]),
    );
    expect(guessed!.kind).toBe('position');
    expect(guessed!.confidence).toBeLessThan(0.8);
    expect(guessed!.confidence).toBeGreaterThan(0.3);
  });
});

describe('textEvidence: text read only unsurely', () => {
  it('a corner of two blades both read unsurely is a candidate, never a confident answer', () => {
    // Held-out seed 42424: "SW 44th St" over "SW 146th Avenue" seen 40–65° from the side, placed 4.5 km off at 0.88.
    const [weak] = textEvidence(
      read([
        { text: 'SW4ST', confidence: 54, seen: 'SW4SY' },
        { text: 'SW146Avenue', confidence: 56, seen: 'SW146%vene' },
      ]),
    );
    expect(weak!.kind).toBe('position');
    expect(weak!.confidence).toBeLessThan(0.8);
    expect(weak!.confidence).toBeGreaterThan(0.3);
  });

  it('one blade read clearly keeps the corner confident', () => {
    const [corner] = textEvidence(
      read([
        { text: 'SW 4 ST', confidence: 54 },
        { text: 'SW 146 AVE', confidence: 91 },
      ]),
    );
    expect(corner!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});
