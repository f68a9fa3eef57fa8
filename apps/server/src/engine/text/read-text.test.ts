import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PpOcr } from '../../adapters/ocr/ppocr.ocr';
import { mulberry32 } from '../geo/sampling';
import { textEvidence } from '../locators/text.locator';
import { SHARED_DATA_DIR } from '../test/shared-geodata';
import { composeScene, shopSign, streetSign } from '../test/signs';
import { normaliseLine } from './geoparse';
import { readText } from './read-text';

const photo = (name: string) => readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples', name));

describe('reading the text of a photo (PP-OCR scene text, models from npm, in a child process)', () => {
  let ocr: PpOcr;
  beforeAll(async () => {
    ocr = new PpOcr({ workers: 1, threadsPerWorker: 2 });
    await ocr.warm();
  }, 60_000);
  afterAll(async () => {
    await ocr?.close();
  });

  it('reads a small, slanted, mixed-case sign in a 12 MP phone photo, with word boxes on the sign', async () => {
    // 7 % of a 4000 px photo wide: the letters are about 12 px tall, too small for any display-size image.
    const sign = await streetSign([
      { name: 'SW 8th St', block: '2700' },
      { name: 'SW 27 Ave', block: '800' },
    ]);
    const at = { x: 0.52, y: 0.2 };
    const scene = await composeScene(
      photo('with-gps/mdx_Samsung_SM-N900A.jpg'),
      sign,
      { at, widthShare: 0.07, rotateDeg: -7, skew: 0.06, blurSigma: 0.7, noise: 4, jpegQuality: 70, photoWidth: 4000 },
      mulberry32(1),
    );
    const read = await readText(scene, ocr);
    const texts = read.lines.map((l) => normaliseLine(l.text));
    expect(texts).toEqual(expect.arrayContaining(['SW 8TH ST', 'SW 27 AVE']));
    const avenue = read.lines[texts.indexOf('SW 27 AVE')]!;
    expect(avenue.confidence).toBeGreaterThan(80);
    // Every word of the blade lies on the sign (x 0.52–0.59 of the photo, in its upper third).
    for (const w of avenue.words) {
      expect(w.box.x).toBeGreaterThanOrEqual(at.x - 0.01);
      expect(w.box.x + w.box.w).toBeLessThanOrEqual(at.x + 0.09);
      expect(w.box.y + w.box.h).toBeLessThanOrEqual(0.35);
    }
    expect(read).toMatchObject({ width: 4000 });
    expect(read.timings.readMs).toBeGreaterThan(0);

    // And the text locator makes it the corner of SW 8 St and SW 27 Ave, citing the words it read.
    const [evidence] = textEvidence(read);
    expect(evidence).toMatchObject({ locator: 'text', kind: 'position', radiusMeters: 350 });
    expect(evidence!.summary).toContain('the corner of SW 8 St & SW 27 Ave');
    expect((evidence!.details as { ocr: { lines: unknown[] } }).ocr.lines.length).toBe(read.lines.length);
  }, 60_000);

  it('reads dark letters on a light shop board, address included', async () => {
    const board = await shopSign(['FARMACIA', '1234 SW 8 ST']);
    const scene = await composeScene(
      photo('with-gps/mdx_Apple_iPhone_5.jpg'),
      board,
      { at: { x: 0.2, y: 0.3 }, widthShare: 0.2, blurSigma: 0.6, noise: 4, photoWidth: 3000 },
      mulberry32(2),
    );
    const read = await readText(scene, ocr);
    const texts = read.lines.map((l) => normaliseLine(l.text));
    expect(texts).toEqual(expect.arrayContaining(['FARMACIA', '1234 SW 8 ST']));
    const [evidence] = textEvidence(read);
    expect(evidence!.summary).toContain('1234 SW 8 St');
  }, 60_000);

  it('a photo without signs: no place from text, said plainly', async () => {
    const read = await readText(await sharp(photo('with-gps/DSCN0010.jpg')).jpeg().toBuffer(), ocr);
    const [evidence] = textEvidence(read);
    expect(evidence!.kind).toBe('absent');
    expect(evidence!.summary).toMatch(/No legible text|none of it places the photo/);
  }, 60_000);

  it('an image with nothing to read gives no lines', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#406080' } })
      .webp()
      .toBuffer();
    const read = await readText(blank, ocr);
    expect(read).toMatchObject({ lines: [], candidates: 0 });
  });

  it('a file that is not an image is an error, and the reader goes on reading', async () => {
    await expect(readText(Buffer.from('not an image at all'), ocr)).rejects.toThrow(/OCR failed/);
    const blank = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(readText(blank, ocr)).resolves.toMatchObject({ lines: [] });
  });
});
