import { describe, expect, it } from 'vitest';
import type { Evidence } from '@vt/shared';
import { boxStyle, textOverlay } from './text-evidence';

const line = (text: string, x: number) => ({ text, confidence: 90, box: { x, y: 0.2, w: 0.1, h: 0.05 }, words: [] });
const ocr = { width: 1600, height: 900, lines: [line('SW 8 ST', 0.3), line('SW 27 AVE', 0.3), line('Rly |', 0.1)] };

describe('textOverlay', () => {
  it('marks the lines the matches used and names their text', () => {
    const evidence: Evidence[] = [
      { locator: 'metadata', kind: 'absent', summary: 'No GPS.' },
      {
        locator: 'text',
        kind: 'position',
        summary: 'corner',
        details: { ocr, matches: [{ kind: 'intersection', label: 'SW 8 St & SW 27 Ave', lines: [0, 1] }], hints: [] },
      },
      {
        locator: 'text',
        kind: 'position',
        summary: 'zip',
        details: { matches: [{ kind: 'zip', label: 'ZIP 33135', lines: [2] }] },
      },
    ];
    const o = textOverlay(evidence)!;
    expect(o.lines.map((l) => l.used)).toEqual([true, true, true]);
    expect(o.matches.map((m) => m.label)).toEqual(['SW 8 St & SW 27 Ave', 'ZIP 33135']);
    expect(o.matches[0]!.texts).toEqual(['SW 8 ST', 'SW 27 AVE']);
  });

  it('names what the recogniser saw of a line it read as a sign’s words', () => {
    const blurred = {
      ...ocr,
      lines: [
        { ...line('NW98Ave', 0.3), seen: 'NW98*Ave' },
        { ...line('NW109ST', 0.3), seen: 'NN109S' },
        line('STOP', 0.6),
      ],
    };
    const o = textOverlay([
      {
        locator: 'text',
        kind: 'position',
        summary: 'corner',
        details: { ocr: blurred, matches: [{ kind: 'intersection', label: 'NW 109 St & NW 98 Ave', lines: [0, 1] }] },
      },
    ])!;
    expect(o.matches[0]).toMatchObject({ texts: ['NW98Ave', 'NW109ST'], seen: ['NW98*Ave', 'NN109S'] });
    expect(o.lines[2]!.seen).toBeUndefined();
  });

  it('with nothing placed, shows the hints and leaves the lines unused', () => {
    const o = textOverlay([
      {
        locator: 'text',
        kind: 'absent',
        summary: 'x',
        details: { ocr, matches: [], hints: [{ kind: 'street', label: 'SW 8 St', lines: [0], note: 'alone' }] },
      },
    ])!;
    expect(o.lines.every((l) => !l.used)).toBe(true);
    expect(o.matches).toEqual([expect.objectContaining({ label: 'SW 8 St', note: 'alone', texts: ['SW 8 ST'] })]);
  });

  it('leaves out noise that matched nothing and counts it; only noise → null', () => {
    const noisy = {
      ...ocr,
      lines: [
        line('SW 8 ST', 0.3),
        { ...line('ga Lr | A fics E +', 0.5) },
        { ...line('BAYSIDE', 0.7), confidence: 40 },
      ],
    };
    const o = textOverlay([
      { locator: 'text', kind: 'absent', summary: 'x', details: { ocr: noisy, matches: [], hints: [] } },
    ])!;
    expect(o.lines.map((l) => l.shown)).toEqual([true, false, false]);
    expect(o.hidden).toBe(2);
    const onlyNoise = { ...ocr, lines: [line('ga Lr | A fics E +', 0.5)] };
    expect(
      textOverlay([{ locator: 'text', kind: 'absent', summary: 'x', details: { ocr: onlyNoise, matches: [] } }]),
    ).toBeNull();
  });

  it('nothing read, malformed details, or no text locator → null', () => {
    expect(textOverlay([])).toBeNull();
    expect(
      textOverlay([
        {
          locator: 'text',
          kind: 'absent',
          summary: 'x',
          details: { ocr: { width: 1, height: 1, lines: [] }, matches: [] },
        },
      ]),
    ).toBeNull();
    expect(textOverlay([{ locator: 'text', kind: 'absent', summary: 'x', details: { ocr: 'nonsense' } }])).toBeNull();
  });
});

describe('boxStyle', () => {
  it('gives CSS percentages, clamped to the photo', () => {
    expect(boxStyle({ x: 0.25, y: 0.1, w: 0.5, h: 1.2 })).toEqual({
      left: '25.00%',
      top: '10.00%',
      width: '50.00%',
      height: '100.00%',
    });
  });
});
