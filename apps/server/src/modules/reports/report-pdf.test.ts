import { describe, expect, it } from 'vitest';
import { renderReportPdf } from './report-pdf';
import { pdfText } from './pdf-text';
import { closeUpHalfMeters, projection, scaleBarMeters, viewAround } from './report-map';
import { sampleReport, sampleReportWithImages } from './report.fixtures';

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

/** How many image XObjects the document holds. */
const imageObjects = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

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

  it('draws the photo near the top, a crop beside each line read and both thumbnails of a gallery match (R-REPORT-5)', async () => {
    const report = await sampleReportWithImages();
    const pdf = await renderReportPdf(report, { compress: false });
    const bytes = pdf.toString('latin1');
    // One image XObject each: the photo, the two crops, this photo's thumbnail and the matched reference photo's.
    expect(imageObjects(pdf)).toBe(5);
    // Each is the very JPEG the JSON carries, embedded as it is (no re-encoding between the two forms).
    const images = [
      report.photo.image!,
      ...report.evidence.flatMap((e) => e.textRead.map((l) => l.crop!)),
      report.evidence[2]!.thumbnails!.photo!,
      report.evidence[2]!.thumbnails!.matched!,
    ];
    for (const image of images)
      expect(bytes).toContain(Buffer.from(image.dataUrl.split(',')[1]!, 'base64').toString('latin1'));
    // The photo sits near the top: drawn on the first page, before the file's section.
    const text = pageText(pdf);
    expect(text).toContain('The analysed photo, from the image stored for display');
    expect(text.indexOf('The analysed photo')).toBeLessThan(text.indexOf('THE FILE AS RECEIVED'));
    expect(text).toContain('This photo (its stored thumbnail)');
    expect(text).toContain('Reference photo calle-ocho-1.jpg from import “little-havana”');
    expect(text).not.toContain('(no crop)');
  });

  it('says in words which pictures are missing, and still renders without any', async () => {
    const withImages = await sampleReportWithImages();
    const [metadata, text, gallery] = withImages.evidence;
    const missing = await renderReportPdf(
      {
        ...withImages,
        evidence: [
          metadata!,
          text!,
          {
            ...gallery!,
            thumbnails: { ...gallery!.thumbnails!, matched: null },
            imageNote: 'The reference photo it matched has since been removed with its import, so it cannot be shown.',
          },
        ],
      },
      { compress: false },
    );
    expect(imageObjects(missing)).toBe(4);
    expect(pageText(missing)).toContain('no image (see below)');
    expect(pageText(missing)).toContain('The reference photo it matched has since been removed with its import');

    // No stored image at all (the sample without pictures): no image, the reasons instead.
    const none = await renderReportPdf(
      sampleReport({
        evidence: sampleReport().evidence.map((e) =>
          e.textRead.length
            ? { ...e, imageNote: 'No crop of where each line was read: no display image of the photo is stored.' }
            : e,
        ),
      }),
      { compress: false },
    );
    expect(imageObjects(none)).toBe(0);
    const words = pageText(none);
    expect(words).toContain('No display image of the photo is stored.');
    expect(words).toContain('(no crop)');
    expect(words).toContain('No crop of where each line was read: no display image of the photo is stored.');
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
