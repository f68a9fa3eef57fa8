import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { languageFolder, TesseractOcr } from './tesseract.ocr';

/** One line of dark text on white, as the text finder hands it over. */
const line = (text: string) =>
  sharp({ create: { width: 520, height: 80, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="80"><text x="12" y="58" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#000">${text}</text></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

describe('tesseract.js worker pool', () => {
  const ocr = new TesseractOcr({ workers: 1, languages: 'eng', idleMs: 50 });
  afterAll(() => ocr.close());

  it('starts on the first read, stops when idle, and starts again for the next read', async () => {
    expect(ocr.running).toBe(false);
    const [first] = await ocr.readLines([await line('CORAL WAY')]);
    expect(first!.text).toBe('CORAL WAY');

    await vi.waitFor(() => expect(ocr.running).toBe(false), { timeout: 10_000, interval: 20 });

    const [again] = await ocr.readLines([await line('BISCAYNE BLVD')]);
    expect(again!.text).toBe('BISCAYNE BLVD');
  }, 60_000);

  it('is not stopped while a read is in flight', async () => {
    const reads = Promise.all([ocr.readLines([await line('NW 7 ST')]), ocr.readLines([await line('SW 8 ST')])]);
    expect(ocr.running).toBe(true);
    const [[a], [b]] = await reads;
    expect([a!.text, b!.text]).toEqual(['NW 7 ST', 'SW 8 ST']);
  }, 60_000);
});

describe('the trained-data folder', () => {
  const base = mkdtempSync(join(tmpdir(), 'vt-langs-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('links both languages, and mends a link left dangling by a deleted checkout', () => {
    const folder = languageFolder('eng+spa', base);
    const eng = join(folder, 'eng.traineddata.gz');
    expect(statSync(eng).size).toBeGreaterThan(1_000_000);
    expect(existsSync(join(folder, 'spa.traineddata.gz'))).toBe(true);

    // What a CI run found: the folder outlived the node_modules its links pointed into.
    rmSync(eng);
    symlinkSync(join(base, 'gone', 'node_modules', 'eng.traineddata.gz'), eng);
    expect(existsSync(eng)).toBe(false);

    expect(languageFolder('eng+spa', base)).toBe(folder);
    expect(statSync(eng).size).toBeGreaterThan(1_000_000);
  });
});
