import { describe, expect, it } from 'vitest';
import type { Evidence, TextEvidenceDetails } from '@vt/shared';
import { reportEvidence } from './reports.service';

const box = (x: number) => ({ x, y: 0.1, w: 0.2, h: 0.05 });
const ocr: TextEvidenceDetails['ocr'] = {
  width: 1600,
  height: 1200,
  lines: [
    { text: 'SW 8 ST', confidence: 93, box: box(0.1), words: [] },
    { text: 'CAFE', confidence: 51, box: box(0.4), words: [] },
    { text: 'SW 27 AVE', confidence: 88, box: box(0.6), words: [], seen: 'SW 2Z AVE' },
    { text: '33135', confidence: 90, box: box(0.8), words: [] },
  ],
};

describe('reportEvidence: the text read behind each piece of evidence', () => {
  it('picks out the lines each place cites (the OCR travels on the first item only), with what they were read as', () => {
    const evidence: Evidence[] = [
      { locator: 'metadata', kind: 'absent', summary: 'No GPS.' },
      {
        locator: 'text',
        kind: 'position',
        summary: 'An intersection.',
        position: { lat: 25.7653, lng: -80.2399 },
        radiusMeters: 60,
        confidence: 0.8,
        details: {
          ocr,
          matches: [{ kind: 'intersection', label: 'SW 8th St & SW 27th Ave', lines: [2, 0] }],
          hints: [],
        } satisfies TextEvidenceDetails,
      },
      {
        locator: 'text',
        kind: 'position',
        summary: 'A ZIP.',
        position: { lat: 25.76, lng: -80.24 },
        radiusMeters: 1500,
        confidence: 0.3,
        details: { matches: [{ kind: 'zip', label: 'ZIP 33135', lines: [3] }] } satisfies TextEvidenceDetails,
      },
    ];
    const out = reportEvidence(evidence);
    expect(out[0]).toMatchObject({ locator: 'metadata', textRead: [], confidence: null, position: null });
    expect(out[1]!.textRead).toEqual([
      { text: 'SW 8 ST', confidence: 93, box: box(0.1), readAs: 'SW 8th St & SW 27th Ave' },
      // Read through the county's sign grammar: what the recogniser saw goes with it.
      { text: 'SW 27 AVE', confidence: 88, box: box(0.6), seen: 'SW 2Z AVE', readAs: 'SW 8th St & SW 27th Ave' },
    ]);
    expect(out[2]!.textRead).toEqual([{ text: '33135', confidence: 90, box: box(0.8), readAs: 'ZIP 33135' }]);
    // The details stay exactly as stored.
    expect(out[1]!.details).toBe(evidence[1]!.details);
  });

  it('quotes everything read when nothing placed the photo', () => {
    const [text] = reportEvidence([
      {
        locator: 'text',
        kind: 'absent',
        summary: 'Read 4 lines; none of it places the photo in Miami-Dade.',
        details: { ocr, matches: [] } satisfies TextEvidenceDetails,
      },
    ]);
    expect(text!.textRead.map((l) => [l.text, l.readAs])).toEqual([
      ['SW 8 ST', null],
      ['CAFE', null],
      ['SW 27 AVE', null],
      ['33135', null],
    ]);
  });
});
