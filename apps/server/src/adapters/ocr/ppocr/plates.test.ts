import { describe, expect, it } from 'vitest';
import { findPlates, type PlateColour } from './plates';

const GREEN: PlateColour = { hue: [90, 175], saturation: [0.3, 1], value: [0.1, 0.9] };
const WHITE: PlateColour = { saturation: [0, 0.12], value: [0.72, 1] };

/** A grey-brown picture `w` × `h` with rectangles of colour painted on it. */
function picture(w: number, h: number, rects: Array<{ x: number; y: number; w: number; h: number; rgb: number[] }>) {
  const data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < w * h; i++) data.set([110 + (i % 7), 100, 90], 3 * i);
  for (const r of rects)
    for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) data.set(r.rgb, 3 * (y * w + x));
  return { data, width: w, height: h };
}

const opts = { colours: [GREEN, WHITE], side: 1000, minHeight: 16, maxHeight: 90, maxRegions: 8 };

describe('small plates to look at again', () => {
  it('finds a small green blade, in full-resolution pixels with a margin, and not a field of grass', () => {
    // The copy is 4 × smaller than the photo: the blade is 60 × 10 here, 240 × 40 in the photo.
    const small = picture(1000, 750, [
      { x: 400, y: 300, w: 60, h: 10, rgb: [11, 107, 58] },
      { x: 0, y: 600, w: 1000, h: 150, rgb: [40, 140, 50] },
    ]);
    const regions = findPlates(small, 4, opts);
    expect(regions).toHaveLength(1);
    const [r] = regions;
    expect(r!.x).toBeLessThanOrEqual(1600);
    expect(r!.y).toBeLessThanOrEqual(1200);
    expect(r!.x + r!.w).toBeGreaterThanOrEqual(1840);
    expect(r!.y + r!.h).toBeGreaterThanOrEqual(1240);
    expect(r!.w).toBeLessThan(400);
  });

  it('two stacked blades are one region; squares, slivers and plates the detector already sees are not plates', () => {
    const small = picture(1000, 750, [
      { x: 100, y: 100, w: 50, h: 8, rgb: [11, 107, 58] },
      { x: 100, y: 109, w: 50, h: 8, rgb: [11, 107, 58] },
      // A square (a window), a sliver of one pixel (a wire), a plate 40 px tall in the copy (160 in the photo).
      { x: 600, y: 100, w: 20, h: 20, rgb: [245, 245, 240] },
      { x: 600, y: 300, w: 80, h: 1, rgb: [245, 245, 240] },
      { x: 300, y: 500, w: 200, h: 40, rgb: [11, 107, 58] },
    ]);
    const regions = findPlates(small, 4, opts);
    expect(regions).toHaveLength(1);
    expect(regions[0]!.y).toBeLessThan(400);
    expect(regions[0]!.y + regions[0]!.h).toBeGreaterThan(468);
  });
});
