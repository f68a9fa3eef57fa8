import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../geo/sampling';
import { shopSign, streetSign } from '../test/signs';
import { adaptiveThreshold, connectedBlobs, findTextLines, groupLines, isCharLike, type Gray } from './text-lines';

async function gray(png: Buffer, opts: { rotate?: number; background?: string; width?: number; height?: number } = {}): Promise<Gray> {
  const w = opts.width ?? 1000;
  const h = opts.height ?? 600;
  let overlay = png;
  if (opts.rotate) overlay = await sharp(png).rotate(opts.rotate, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const { data, info } = await sharp({ create: { width: w, height: h, channels: 3, background: opts.background ?? '#7a8a70' } })
    .composite([{ input: overlay, left: 150, top: 150 }])
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('text finder', () => {
  it('thresholds ink against its neighbourhood, in either polarity', () => {
    const img: Gray = { data: new Uint8Array(100).fill(200), width: 10, height: 10 };
    img.data[55] = 20;
    const dark = adaptiveThreshold(img, 5, 12, false);
    expect([...dark].reduce((s, v) => s + v, 0)).toBe(1);
    expect(dark[55]).toBe(1);
    expect([...adaptiveThreshold(img, 5, 12, true)].reduce((s, v) => s + v, 0)).toBe(0);
  });

  it('labels 4-connected blobs with their boxes', () => {
    // Two blobs: an L of 3 pixels and a lone pixel touching it only diagonally.
    const bin = new Uint8Array([1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0]);
    const blobs = connectedBlobs(bin, 4, 3);
    expect(blobs).toEqual([
      { x: 0, y: 0, w: 2, h: 2, pixels: 3 },
      { x: 2, y: 2, w: 1, h: 1, pixels: 1 },
    ]);
  });

  it('keeps letter-like blobs only', () => {
    expect(isCharLike({ x: 0, y: 0, w: 20, h: 30, pixels: 250 }, 600)).toBe(true);
    expect(isCharLike({ x: 0, y: 0, w: 3, h: 3, pixels: 9 }, 600)).toBe(false); // a speck
    expect(isCharLike({ x: 0, y: 0, w: 60, h: 30, pixels: 700 }, 600)).toBe(true); // two bold letters touching
    expect(isCharLike({ x: 0, y: 0, w: 300, h: 30, pixels: 5000 }, 600)).toBe(false); // a bar
    expect(isCharLike({ x: 0, y: 0, w: 30, h: 30, pixels: 900 }, 600)).toBe(false); // a solid block
    expect(isCharLike({ x: 0, y: 0, w: 20, h: 200, pixels: 2000 }, 600)).toBe(false); // taller than a fifth of the photo
  });

  it('groups level neighbours of one height into a line and measures its slant', () => {
    const chars = [0, 1, 2, 3].map((i) => ({ x: 10 + i * 25, y: 100 + i * 2, w: 18, h: 30, pixels: 200 }));
    const [line] = groupLines([...chars, { x: 400, y: 100, w: 18, h: 30, pixels: 200 }], false);
    expect(line).toMatchObject({ x: 10, chars: 4, charHeight: 30, light: false });
    expect(line!.angle).toBeCloseTo((Math.atan(2 / 25) * 180) / Math.PI, 5);
  });

  it('finds the white-on-green lines of a street sign, level or slanted', async () => {
    const sign = await streetSign([{ name: 'SW 8 ST', block: '2700' }, { name: 'SW 27 AVE', block: '800' }]);
    for (const rotate of [0, 7, -7]) {
      const lines = findTextLines(await gray(sign, { rotate }));
      const names = lines.filter((l) => l.light && l.chars >= 5);
      expect(names.length, `rotated ${rotate}°`).toBeGreaterThanOrEqual(2);
      for (const l of names) expect(l.angle).toBeCloseTo(rotate, -0.5);
      // The blades sit where the sign was put (150, 150), not in the empty background.
      for (const l of names) expect(l.x).toBeGreaterThanOrEqual(140);
    }
  });

  it('finds dark letters on a light shop board', async () => {
    const lines = findTextLines(await gray(await shopSign(['FARMACIA', '1234 SW 8 ST']), { width: 1100 }));
    expect(lines.filter((l) => !l.light).length).toBeGreaterThanOrEqual(2);
  });

  it('finds nothing in a plain wall and little in noise', async () => {
    expect(findTextLines(await gray(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>')))).toEqual([]);
    // A grey wall shot in poor light: Gaussian sensor noise (σ 12). Letter-sized blobs in rows do not form out of
    // it. (Busy textures — foliage, railings — do give some lines; OCR confidence and the geoparser drop those.)
    const rnd = mulberry32(7);
    const gauss = () => Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
    const noise: Gray = { data: Uint8Array.from({ length: 600 * 400 }, () => Math.max(0, Math.min(255, Math.round(128 + 12 * gauss())))), width: 600, height: 400 };
    expect(findTextLines(noise, 12).length).toBeLessThanOrEqual(1);
  });
});
