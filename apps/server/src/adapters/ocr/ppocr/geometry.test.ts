import { describe, expect, it } from 'vitest';
import { boxesFromMap, convexHull, corners, minAreaRect, sampleStrip, upright, type Point } from './geometry';

const deg = (d: number) => (d * Math.PI) / 180;

/** The pixels of a filled rotated rectangle on a map of `w` × `h`. */
function paint(
  map: Float32Array,
  w: number,
  box: { cx: number; cy: number; w: number; h: number; angle: number },
  p: number,
) {
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  for (let y = 0; y < map.length / w; y++)
    for (let x = 0; x < w; x++) {
      const dx = x + 0.5 - box.cx;
      const dy = y + 0.5 - box.cy;
      if (Math.abs(dx * ux + dy * uy) <= box.w / 2 && Math.abs(-dx * uy + dy * ux) <= box.h / 2) map[y * w + x] = p;
    }
}

describe('PP-OCR box geometry', () => {
  it('the convex hull drops interior points', () => {
    const pts: Point[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [2, 2],
      [1, 3],
    ];
    expect(convexHull(pts)).toHaveLength(4);
  });

  it('finds the minimum-area rectangle of a slanted bar, longer side along the text', () => {
    const box = { cx: 50, cy: 40, w: 60, h: 12, angle: deg(12) };
    const pts = corners(box).map(([x, y]) => [x, y] as Point);
    const r = minAreaRect(pts);
    expect(r.w).toBeCloseTo(60, 3);
    expect(r.h).toBeCloseTo(12, 3);
    expect(r.cx).toBeCloseTo(50, 3);
    expect(r.cy).toBeCloseTo(40, 3);
    expect((r.angle * 180) / Math.PI).toBeCloseTo(12, 3);
  });

  it('describes a rectangle the same way whichever side it was given first', () => {
    const a = upright({ cx: 0, cy: 0, w: 10, h: 40, angle: deg(95) });
    expect(a.w).toBe(40);
    expect(a.h).toBe(10);
    expect((a.angle * 180) / Math.PI).toBeCloseTo(-175 + 180, 6);
  });

  it('turns the probability map into one grown box per text region, dropping weak and tiny ones', () => {
    const w = 200;
    const h = 120;
    const map = new Float32Array(w * h);
    paint(map, w, { cx: 60, cy: 30, w: 80, h: 10, angle: 0 }, 0.9);
    paint(map, w, { cx: 120, cy: 85, w: 100, h: 12, angle: deg(-8) }, 0.8);
    // Weak: above the pixel threshold, below the box threshold.
    paint(map, w, { cx: 170, cy: 20, w: 30, h: 8, angle: 0 }, 0.35);
    // Tiny: a speck.
    paint(map, w, { cx: 10, cy: 110, w: 2, h: 2, angle: 0 }, 0.95);
    const boxes = boxesFromMap(
      { data: map, width: w, height: h },
      { threshold: 0.3, boxThreshold: 0.5, unclipRatio: 1.5, minSize: 3, maxBoxes: 10 },
    );
    expect(boxes).toHaveLength(2);
    const [first, second] = boxes.sort((a, b) => a.cy - b.cy);
    // Grown by area × ratio / perimeter on each side: 80×10 → d = 800·1.5/180 ≈ 6.7.
    expect(first!.w).toBeGreaterThan(90);
    expect(first!.h).toBeGreaterThan(20);
    expect(first!.score).toBeCloseTo(0.9, 2);
    expect((second!.angle * 180) / Math.PI).toBeCloseTo(-8, 0);
  });

  it('samples an upright strip in the recogniser’s normalisation, BGR, zero beyond the used width', () => {
    const width = 40;
    const height = 20;
    const data = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) {
      data[i * 3] = 255; // red
      data[i * 3 + 1] = 0;
      data[i * 3 + 2] = 0;
    }
    const out = new Float32Array(3 * 4 * 10);
    sampleStrip({ data, width, height }, { cx: 20, cy: 10, w: 20, h: 10, angle: 0 }, 4, 8, 10, out, 0);
    const plane = 4 * 10;
    // Channel 0 is blue (−1), channel 2 red (+1); columns 8 and 9 are padding.
    expect(out[0]).toBeCloseTo(-1, 5);
    expect(out[2 * plane]).toBeCloseTo(1, 5);
    expect(out[9]).toBe(0);
  });
});
