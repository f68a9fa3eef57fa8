/**
 * Geometry of PP-OCR's text boxes, as pure functions: from the detector's probability map to oriented rectangles
 * (the "DB" post-processing of PaddleOCR, without OpenCV), and from an oriented rectangle to the upright strip of
 * pixels the recogniser reads.
 */

export type Point = readonly [x: number, y: number];

/**
 * A rotated rectangle around one line of text: its centre, its length along the text (`w`) and across it (`h`),
 * and the direction of the text in radians (image y grows downwards, so a positive angle falls to the right).
 */
export type OrientedBox = { cx: number; cy: number; w: number; h: number; angle: number };

/** A text box found by the detector, in the pixels of the image it ran on, with the mean probability inside it. */
export type DetectedBox = OrientedBox & { score: number };

export type ProbabilityMap = { data: Float32Array; width: number; height: number };

export type DetectOptions = {
  /** A pixel is text when its probability is above this (PaddleOCR's det_db_thresh). */
  threshold: number;
  /** A box is kept when the mean probability of its pixels is above this (det_db_box_thresh). */
  boxThreshold: number;
  /** How far the shrunk text kernel is grown back, as PaddleOCR's unclip ratio (area × ratio / perimeter). */
  unclipRatio: number;
  /** Boxes thinner than this many map pixels are dropped. */
  minSize: number;
  /** At most this many boxes, highest score first. */
  maxBoxes: number;
};

/** The convex hull of points (Andrew's monotone chain), counter-clockwise in a y-up frame. */
export function convexHull(points: readonly Point[]): Point[] {
  if (points.length < 3) return [...points];
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Point[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * The smallest-area rectangle around points (rotating calipers over the hull's edges), with `w` the longer side and
 * the angle pointing left to right, within ±90°.
 */
export function minAreaRect(points: readonly Point[]): OrientedBox {
  const hull = convexHull(points);
  if (hull.length === 0) return { cx: 0, cy: 0, w: 0, h: 0, angle: 0 };
  if (hull.length === 1) return { cx: hull[0]![0], cy: hull[0]![1], w: 1, h: 1, angle: 0 };
  let best: { area: number; box: OrientedBox } | null = null;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (!len) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const q of hull) {
      const u = q[0] * ux + q[1] * uy;
      const v = -q[0] * uy + q[1] * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (best && area >= best.area) continue;
    const cu = (minU + maxU) / 2;
    const cv = (minV + maxV) / 2;
    best = {
      area,
      box: { cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, w: maxU - minU, h: maxV - minV, angle: Math.atan2(uy, ux) },
    };
  }
  return upright(best!.box);
}

/** The same rectangle described with `w` along its longer side and the angle within (−90°, 90°]. */
export function upright(box: OrientedBox): OrientedBox {
  let { w, h, angle } = box;
  if (h > w) {
    [w, h] = [h, w];
    angle += Math.PI / 2;
  }
  while (angle > Math.PI / 2) angle -= Math.PI;
  while (angle <= -Math.PI / 2) angle += Math.PI;
  return { ...box, w, h, angle };
}

/** The four corners, starting top-left along the text: top-left, top-right, bottom-right, bottom-left. */
export function corners(box: OrientedBox): [Point, Point, Point, Point] {
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  const at = (su: number, sv: number): Point => [
    box.cx + su * (box.w / 2) * ux - sv * (box.h / 2) * uy,
    box.cy + su * (box.w / 2) * uy + sv * (box.h / 2) * ux,
  ];
  return [at(-1, -1), at(1, -1), at(1, 1), at(-1, 1)];
}

/**
 * DB post-processing: the 8-connected regions of the thresholded map, each as its minimum-area rectangle, scored by
 * the mean probability inside, grown back by the unclip distance (the detector predicts text kernels shrunk by it).
 */
export function boxesFromMap(map: ProbabilityMap, o: DetectOptions): DetectedBox[] {
  const { data, width, height } = map;
  const label = new Int32Array(width * height);
  const boxes: DetectedBox[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < data.length; start++) {
    if (label[start] || data[start]! <= o.threshold) continue;
    next++;
    label[start] = next;
    stack.push(start);
    const points: Point[] = [];
    let sum = 0;
    let count = 0;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      sum += data[i]!;
      count++;
      // Only a region's outline matters for its rectangle; interior pixels are counted for the score alone.
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        data[i - 1]! <= o.threshold ||
        data[i + 1]! <= o.threshold ||
        data[i - width]! <= o.threshold ||
        data[i + width]! <= o.threshold;
      if (edge) points.push([x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]);
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (!label[j] && data[j]! > o.threshold) {
            label[j] = next;
            stack.push(j);
          }
        }
      }
    }
    if (count < 4) continue;
    const rect = minAreaRect(points);
    if (Math.min(rect.w, rect.h) < o.minSize) continue;
    const score = sum / count;
    if (score < o.boxThreshold) continue;
    const grow = (rect.w * rect.h * o.unclipRatio) / (2 * (rect.w + rect.h));
    const grown = upright({ ...rect, w: rect.w + 2 * grow, h: rect.h + 2 * grow });
    if (Math.min(grown.w, grown.h) < o.minSize + 2) continue;
    boxes.push({ ...grown, score });
  }
  return boxes.sort((a, b) => b.score - a.score).slice(0, o.maxBoxes);
}

/** An image as packed 8-bit RGB. */
export type Rgb = { data: Uint8Array; width: number; height: number };

/**
 * Cuts one oriented box out of an RGB image into a CHW float tensor of `outH` rows, upright, with PaddleOCR's
 * recogniser normalisation ((v/255 − 0.5) / 0.5, channels in BGR order), `outW` columns wide, zero beyond `usedW`.
 * Bilinear sampling, averaged over a few sub-samples when the box is much taller than `outH` (no aliasing from
 * a full-resolution crop).
 */
export function sampleStrip(
  img: Rgb,
  box: OrientedBox,
  outH: number,
  usedW: number,
  outW: number,
  into: Float32Array,
  offset: number,
): void {
  const ux = Math.cos(box.angle);
  const uy = Math.sin(box.angle);
  const step = box.h / outH;
  const k = Math.max(1, Math.min(4, Math.round(step)));
  const plane = outH * outW;
  const { data, width, height } = img;
  const sx = box.w / usedW;
  for (let v = 0; v < outH; v++)
    for (let u = 0; u < usedW; u++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let a = 0; a < k; a++)
        for (let c = 0; c < k; c++) {
          const du = (u + (c + 0.5) / k) * sx - box.w / 2;
          const dv = (v + (a + 0.5) / k) * step - box.h / 2;
          const x = Math.min(width - 1.001, Math.max(0, box.cx + du * ux - dv * uy - 0.5));
          const y = Math.min(height - 1.001, Math.max(0, box.cy + du * uy + dv * ux - 0.5));
          const x0 = Math.floor(x);
          const y0 = Math.floor(y);
          const fx = x - x0;
          const fy = y - y0;
          const i00 = (y0 * width + x0) * 3;
          const i01 = i00 + 3;
          const i10 = i00 + width * 3;
          const i11 = i10 + 3;
          const w00 = (1 - fx) * (1 - fy);
          const w01 = fx * (1 - fy);
          const w10 = (1 - fx) * fy;
          const w11 = fx * fy;
          r += data[i00]! * w00 + data[i01]! * w01 + data[i10]! * w10 + data[i11]! * w11;
          g += data[i00 + 1]! * w00 + data[i01 + 1]! * w01 + data[i10 + 1]! * w10 + data[i11 + 1]! * w11;
          b += data[i00 + 2]! * w00 + data[i01 + 2]! * w01 + data[i10 + 2]! * w10 + data[i11 + 2]! * w11;
        }
      const n = k * k * 127.5;
      const at = offset + v * outW + u;
      into[at] = b / n - 1;
      into[at + plane] = g / n - 1;
      into[at + 2 * plane] = r / n - 1;
    }
}
