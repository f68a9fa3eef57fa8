import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TesseractOcr } from '../../adapters/ocr/tesseract.ocr';
import { mulberry32 } from '../geo/sampling';
import { textEvidence } from '../locators/text.locator';
import { SHARED_DATA_DIR } from '../test/shared-geodata';
import { composeScene, shopSign, streetSign } from '../test/signs';
import { normaliseLine } from './geoparse';
import { readText } from './read-text';

const photo = (name: string) => readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples', name));
const webp = (jpeg: Buffer) => sharp(jpeg).webp({ quality: 82 }).toBuffer();

describe('reading the text of a photo (tesseract.js, eng+spa from npm)', () => {
  let ocr: TesseractOcr;
  beforeAll(async () => {
    ocr = new TesseractOcr({ workers: 2, languages: 'eng+spa' });
    await ocr.warm();
  }, 60_000);
  afterAll(async () => {
    await ocr?.close();
  });

  it('reads a slanted street sign set into a real street photo, with word boxes on the sign', async () => {
    const sign = await streetSign([{ name: 'SW 8 ST', block: '2700' }, { name: 'SW 27 AVE', block: '800' }]);
    const at = { x: 0.32, y: 0.15 };
    const scene = await composeScene(photo('with-gps/mdx_Samsung_SM-N900A.jpg'), sign, { at, widthShare: 0.36, rotateDeg: -5, skew: 0.06 }, mulberry32(1));
    const read = await readText(await webp(scene), ocr);
    const texts = read.lines.map((l) => normaliseLine(l.text));
    expect(texts).toEqual(expect.arrayContaining(['SW 8 ST', 'SW 27 AVE']));
    const avenue = read.lines[texts.indexOf('SW 27 AVE')]!;
    expect(avenue.confidence).toBeGreaterThan(60);
    // Every word of the blade lies on the sign (it spans x 0.32–0.68 and the top half of the photo).
    for (const w of avenue.words) {
      expect(w.box.x).toBeGreaterThanOrEqual(at.x - 0.02);
      expect(w.box.x + w.box.w).toBeLessThanOrEqual(at.x + 0.38);
      expect(w.box.y + w.box.h).toBeLessThanOrEqual(0.6);
    }
    expect(read).toMatchObject({ width: 1600 });
    expect(read.timings.readMs).toBeGreaterThan(0);

    // And the text locator makes it the corner of SW 8 St and SW 27 Ave, citing the words it read.
    const [evidence] = textEvidence(read);
    expect(evidence).toMatchObject({ locator: 'text', kind: 'position', radiusMeters: 350 });
    expect(evidence!.summary).toContain('the corner of SW 8 St & SW 27 Ave');
    expect((evidence!.details as { ocr: { lines: unknown[] } }).ocr.lines.length).toBe(read.lines.length);
  }, 60_000);

  it('reads dark letters on a light shop board, address included', async () => {
    const board = await shopSign(['FARMACIA', '1234 SW 8 ST']);
    const scene = await composeScene(photo('with-gps/mdx_Apple_iPhone_5.jpg'), board, { at: { x: 0.2, y: 0.3 }, widthShare: 0.45, blurSigma: 0.6, noise: 4 }, mulberry32(2));
    const read = await readText(await webp(scene), ocr);
    const texts = read.lines.map((l) => normaliseLine(l.text));
    expect(texts).toEqual(expect.arrayContaining(['FARMACIA', '1234 SW 8 ST']));
    const [evidence] = textEvidence(read);
    expect(evidence!.summary).toContain('1234 SW 8 St');
  }, 60_000);

  it('a photo without signs: no place from text, said plainly', async () => {
    const read = await readText(await webp(await sharp(photo('with-gps/DSCN0010.jpg')).jpeg().toBuffer()), ocr);
    const [evidence] = textEvidence(read);
    expect(evidence!.kind).toBe('absent');
    expect(evidence!.summary).toMatch(/No legible text|none of it places the photo/);
  }, 60_000);

  it('an image with nothing to read costs no OCR', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#406080' } }).webp().toBuffer();
    const read = await readText(blank, ocr);
    expect(read).toMatchObject({ lines: [], candidates: 0 });
  });
});
