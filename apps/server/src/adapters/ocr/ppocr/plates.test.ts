import { describe, expect, it } from 'vitest';
import { bladeLike, findPlates, type PlateColour } from './plates';

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
    // Each blade of the pair keeps its own box in the region.
    expect(regions[0]!.blades.map((b) => Math.round(b.cy / 4))).toEqual(expect.arrayContaining([104, 113]));
  });
});

describe('the blades of a region', () => {
  /** A green blade `len` × `thick` in the copy, slanted by `deg`, centred at (cx, cy). */
  function slanted(cx: number, cy: number, len: number, thick: number, deg: number) {
    const w = 1000;
    const h = 750;
    const pic = picture(w, h, []);
    const a = (deg * Math.PI) / 180;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const u = (x + 0.5 - cx) * Math.cos(a) + (y + 0.5 - cy) * Math.sin(a);
        const v = -(x + 0.5 - cx) * Math.sin(a) + (y + 0.5 - cy) * Math.cos(a);
        if (Math.abs(u) <= len / 2 && Math.abs(v) <= thick / 2) pic.data.set([11, 107, 58], 3 * (y * w + x));
      }
    return pic;
  }

  it('gives each blade its own box along its slant, in full-resolution pixels', () => {
    const regions = findPlates(slanted(500, 300, 80, 10, 12), 4, opts);
    expect(regions).toHaveLength(1);
    const [blade] = regions[0]!.blades;
    expect(blade!.cx).toBeCloseTo(2000, -1);
    expect(blade!.cy).toBeCloseTo(1200, -1);
    expect(blade!.w / 320).toBeGreaterThan(0.95);
    expect(blade!.w / 320).toBeLessThan(1.05);
    expect(blade!.h / 40).toBeGreaterThan(0.85);
    expect(blade!.h / 40).toBeLessThan(1.15);
    expect((blade!.angle * 180) / Math.PI).toBeCloseTo(12, 0);
    expect(blade!.fill).toBeGreaterThan(0.9);
    expect(bladeLike(blade!)).toBe(true);
  });

  it("a short plate or a ragged patch of a blade's colour is not read as a blade", () => {
    // 3 : 1 (a box, a window) and an L of two bars (a patch that is plate-shaped only as a whole).
    const small = picture(1000, 750, [
      { x: 100, y: 100, w: 36, h: 12, rgb: [11, 107, 58] },
      { x: 400, y: 400, w: 90, h: 6, rgb: [11, 107, 58] },
      { x: 400, y: 406, w: 12, h: 14, rgb: [11, 107, 58] },
    ]);
    const blades = findPlates(small, 4, opts).flatMap((r) => r.blades);
    expect(blades).toHaveLength(2);
    expect(blades.filter(bladeLike)).toHaveLength(0);
  });
});

describe('which plates get the second look', () => {
  const LAWN = [64, 148, 11];
  const BLADE = [11, 107, 58];

  it("tells a county blade's dark green from the bright green of the lawn or trees behind it", () => {
    // Both are the blade colour's hues (97° and 149°); as one region they are shaped like no plate.
    const small = picture(1000, 750, [
      { x: 300, y: 200, w: 400, h: 300, rgb: LAWN },
      { x: 450, y: 320, w: 60, h: 8, rgb: BLADE },
      { x: 450, y: 329, w: 60, h: 8, rgb: BLADE },
    ]);
    expect(findPlates(small, 4, opts)).toEqual([]);
    const regions = findPlates(small, 4, { ...opts, hueSpread: 20 });
    expect(regions).toHaveLength(1);
    expect(regions[0]!.blades.filter(bladeLike)).toHaveLength(2);
    expect(regions[0]!.x).toBeLessThanOrEqual(1800);
    expect(regions[0]!.x + regions[0]!.w).toBeGreaterThanOrEqual(2040);
  });

  it('looks at blade-shaped plates before larger patches, and not again at a blade whose line was read', () => {
    // Ten plate-coloured boxes 3 : 1, each larger than the blade: more than the eight regions looked at.
    const boxes = Array.from({ length: 10 }, (_, i) => ({
      x: 20 + 95 * i,
      y: 600,
      w: 60,
      h: 20,
      rgb: [245, 245, 240],
    }));
    const small = picture(1000, 750, [...boxes, { x: 400, y: 200, w: 50, h: 7, rgb: BLADE }]);
    const regions = findPlates(small, 4, opts);
    expect(regions).toHaveLength(8);
    expect(regions[0]!.blades.some(bladeLike)).toBe(true);
    expect(regions[0]!.y).toBeLessThan(800 + 14);
    // The detector's first look read a line on the blade (its centre on the blade, no taller): not looked at again.
    const read = [{ cx: 1700, cy: 814, w: 180, h: 20, angle: 0 }];
    const again = findPlates(small, 4, opts, read);
    expect(again).toHaveLength(8);
    expect(again.some((r) => r.blades.some(bladeLike))).toBe(false);
  });
});
