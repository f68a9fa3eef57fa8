import { describe, expect, it } from 'vitest';
import { renderReportPdf } from './report-pdf';
import { pdfText } from './pdf-text';
import { closeUpHalfMeters, projection, scaleBarMeters, viewAround } from './report-map';
import { sampleReport } from './report.fixtures';

/** Windows-1252's 0x80–0x9f, where it differs from Latin-1 (Node's TextDecoder reads them as Latin-1 here). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const cp1252 = {
  decode: (bytes: Buffer) =>
    [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b))).join(''),
};

/**
 * The text lines of an uncompressed PDFKit document: each `[...] TJ` array is one line, its hex strings the
 * Windows-1252 codes of the built-in fonts (kerning numbers in between are dropped).
 */
function pageText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/\[((?:<[0-9a-f]*>|\s|-?\d+(?:\.\d+)?)*)\] TJ/g)]
    .map(([, body]) =>
      [...body!.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => cp1252.decode(Buffer.from(hex!, 'hex'))).join(''),
    )
    .join('\n');
}

describe('the evidence report as PDF', () => {
  it('prints the file as received, the result, the text read with where, the versions and the checked chain', async () => {
    const report = sampleReport();
    const pdf = await renderReportPdf(report, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pageText(pdf);
    for (const expected of [
      'SW 8th St & SW 27th Ave, Little Havana',
      report.file.sha256!,
      '2,345,678 bytes (2.2 MB)',
      '2026-11-25 07:59:58.101 UTC',
      'Alice Reporter <alice@example.com>',
      'iPhone 15',
      '25.765321, -80.219874',
      '±60 m',
      '“SW 8 ST”  (OCR 93)  ->  read as SW 8th St & SW 27th Ave',
      '“SW 27 AVE”  (OCR 88), seen as “SW 2Z AVE”  ->  read as SW 8th St & SW 27th Ave',
      '12%, 20%  30×6%',
      'engine-v2.1',
      'Chain intact: 3 events checked against their hashes.',
      'c'.repeat(64),
      'upload it at http://localhost:3000/verify',
      'page 1 of 2',
    ])
      expect(text, expected).toContain(expected);
    // The small map's landmarks come from the project's gazetteer, drawn in the close-up around the point.
    expect(text).toContain('Tower Theater');
  });

  it('says where a broken chain breaks, that a failed analysis failed, and that a file never came', async () => {
    const base = sampleReport();
    const pdf = await renderReportPdf(
      sampleReport({
        analysis: { ...base.analysis, status: 'failed' },
        error: { code: 'engine_error', message: 'The engine stopped.', canRetry: true },
        result: null,
        file: { ...base.file, sha256: null, format: 'external', byteSize: 0 },
        events: {
          ...base.events,
          chain: {
            intact: false,
            chained: 1,
            unchained: 1,
            brokenAt: { eventId: 3, reason: 'Its content does not match its hash.' },
            lastHash: 'b'.repeat(64),
          },
        },
      }),
      { compress: false },
    );
    const text = pageText(pdf);
    expect(text).toContain('Analysis failed');
    expect(text).toContain('This analysis failed: The engine stopped.');
    expect(text).toContain('Chain broken at event #3: Its content does not match its hash.');
    expect(text).toContain('1 event was recorded before events were chained (no hash).');
    expect(text).toContain('No file was received for this analysis');
    expect(text).toContain('The analysis ended without a place.');
  });

  it('compresses its pages by default and names the analysis and the hash in its properties', async () => {
    const report = sampleReport();
    const pdf = (await renderReportPdf(report)).toString('latin1');
    expect(pdf).toContain('/FlateDecode');
    expect(pdf).toContain(report.analysis.id);
    expect(pdf).toContain(report.file.sha256!);
  });
});

describe('pdfText', () => {
  it('keeps what the built-in fonts have and replaces what they lack', () => {
    expect(pdfText('Café “Versailles” – 8th St … ±5 m')).toBe('Café “Versailles” – 8th St … ±5 m');
    expect(pdfText('Ōsaka → Kraków ≤ 3 🌴')).toBe('Osaka -> Kraków <= 3 ?');
  });
});

describe('the report map', () => {
  it('draws a circle on the ground as a circle on the page, and picks a close-up and a scale bar that fit', () => {
    const view = viewAround({ lat: 25.77, lng: -80.19 }, 1000);
    const p = projection(view, { x: 0, y: 0, w: 200, h: 200 });
    expect(p.pointsPerMeter).toBeCloseTo(0.1, 2);
    const [cx, cy] = p.at(-80.19, 25.77);
    expect([cx, cy]).toEqual([100, 100]);
    const [, north] = p.at(-80.19, 25.77 + 500 / 111_320);
    const [east] = p.at(-80.19 + 500 / (111_320 * Math.cos((25.77 * Math.PI) / 180)), 25.77);
    expect(cy - north).toBeCloseTo(east - cx, 1);
    expect(closeUpHalfMeters(8)).toBe(1500);
    expect(closeUpHalfMeters(5000)).toBe(8000);
    expect(closeUpHalfMeters(null)).toBe(1500);
    expect(scaleBarMeters(0.1, 200)).toBe(500);
  });
});
