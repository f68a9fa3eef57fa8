/**
 * Finds lines of text in a photo without a trained detector: characters are blobs that stand out from their
 * surroundings (a local, adaptive threshold, tried for dark-on-light and light-on-dark text), have letter-like
 * proportions, and sit next to blobs of the same height along a line. Lines of three or more such blobs are
 * returned, strongest first, with their slant so the reader can straighten them.
 *
 * Why not OCR the whole photo: tesseract's page layout on a 1600 px street scene takes seconds and reads
 * foliage and railings as text; a few straightened line crops read in a few hundred milliseconds and cleaner.
 * Pure functions over a grayscale raster, so they are tested without images on disk.
 */

export type Gray = { data: Uint8Array | Buffer; width: number; height: number };

/** A connected blob of foreground pixels. */
export type Blob = { x: number; y: number; w: number; h: number; pixels: number };

export type TextLine = {
  /** Bounding box in the raster's pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Median character height in pixels. */
  charHeight: number;
  /** Slant of the line in degrees, positive when it falls to the right (image y grows downwards). */
  angle: number;
  /** True when the text is lighter than its background (white letters on a green street sign). */
  light: boolean;
  chars: number;
  /** Ranking score: more, more regular characters first. */
  score: number;
};

/** Window of the local mean, as a share of the raster's longer side (41 px at 1200 px). */
const WINDOW_SHARE = 41 / 1200;
/** How far from the local mean a pixel must be to count as ink. */
const CONTRAST = 12;

/** Pixels that differ from their neighbourhood's mean by more than `contrast`, on the chosen side. */
export function adaptiveThreshold(img: Gray, window: number, contrast: number, light: boolean): Uint8Array {
  const { data, width: w, height: h } = img;
  const stride = w + 1;
  const sums = new Float64Array(stride * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x]!;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
    }
  }
  const out = new Uint8Array(w * h);
  const r = window >> 1;
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const sum = sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!;
      const mean = sum / ((y1 - y0) * (x1 - x0));
      const v = data[y * w + x]!;
      out[y * w + x] = light ? (v > mean + contrast ? 1 : 0) : v < mean - contrast ? 1 : 0;
    }
  }
  return out;
}

/** 4-connected components of a binary raster, with their boxes and pixel counts. */
export function connectedBlobs(bin: Uint8Array, w: number, h: number): Blob[] {
  const seen = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  const blobs: Blob[] = [];
  for (let i = 0; i < w * h; i++) {
    if (!bin[i] || seen[i]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = i;
    seen[i] = 1;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    let pixels = 0;
    while (head < tail) {
      const j = queue[head++]!;
      const x = j % w;
      const y = (j - x) / w;
      pixels++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const k of [x > 0 ? j - 1 : -1, x < w - 1 ? j + 1 : -1, y > 0 ? j - w : -1, y < h - 1 ? j + w : -1]) {
        if (k < 0 || !bin[k] || seen[k]) continue;
        seen[k] = 1;
        queue[tail++] = k;
      }
    }
    blobs.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1, pixels });
  }
  return blobs;
}

/**
 * Letter-like: not a speck, not a wall; filled like a glyph (not a hollow frame, not a solid block). Up to 2.6
 * times as wide as tall, because bold sign lettering often touches ("SW" becomes one blob).
 */
export function isCharLike(b: Blob, imageHeight: number): boolean {
  const fill = b.pixels / (b.w * b.h);
  return b.h >= 9 && b.h <= imageHeight / 5 && b.w >= 2 && b.w <= 2.6 * b.h && fill > 0.12 && fill < 0.95 && b.pixels >= 18;
}

/** A 3×3 mean: sensor noise and JPEG speckle stop forming letter-sized blobs, while sign strokes stay. */
export function smooth(img: Gray): Gray {
  const { data, width: w, height: h } = img;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          sum += data[yy * w + xx]!;
          n++;
        }
      }
      out[y * w + x] = Math.round(sum / n);
    }
  return { data: out, width: w, height: h };
}

/**
 * Groups letter-like blobs into lines: neighbours of similar height whose centres are level and whose gap is
 * at most about a letter's height (so words on one sign join, while separate signs stay apart).
 */
export function groupLines(chars: Blob[], light: boolean): TextLine[] {
  const sorted = [...chars].sort((a, b) => a.x - b.x);
  const parent = sorted.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      if (b.x > a.x + a.w + 1.3 * a.h) break;
      const tall = Math.max(a.h, b.h);
      if (tall / Math.min(a.h, b.h) > 1.45) continue;
      if (Math.abs(a.y + a.h / 2 - (b.y + b.h / 2)) > 0.35 * tall) continue;
      // Blobs stacked in the same column (the hole and body of one glyph, or two text rows) are not neighbours.
      if (b.x < a.x + a.w * 0.5 && Math.abs(a.y - b.y) > 2) continue;
      parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Blob[]>();
  sorted.forEach((c, i) => {
    const root = find(i);
    const list = groups.get(root);
    if (list) list.push(c);
    else groups.set(root, [c]);
  });
  const lines: TextLine[] = [];
  for (const g of groups.values()) {
    if (g.length < 3) continue;
    const x0 = Math.min(...g.map((c) => c.x));
    const y0 = Math.min(...g.map((c) => c.y));
    const x1 = Math.max(...g.map((c) => c.x + c.w));
    const y1 = Math.max(...g.map((c) => c.y + c.h));
    const heights = g.map((c) => c.h).sort((a, b) => a - b);
    const charHeight = heights[heights.length >> 1]!;
    if (x1 - x0 < 1.8 * charHeight) continue;
    // Slope of the centres by least squares: the line's slant.
    const mx = g.reduce((s, c) => s + c.x + c.w / 2, 0) / g.length;
    const my = g.reduce((s, c) => s + c.y + c.h / 2, 0) / g.length;
    let sxy = 0;
    let sxx = 0;
    for (const c of g) {
      const dx = c.x + c.w / 2 - mx;
      sxy += dx * (c.y + c.h / 2 - my);
      sxx += dx * dx;
    }
    const angle = sxx ? (Math.atan(sxy / sxx) * 180) / Math.PI : 0;
    const spread = heights[Math.floor(heights.length * 0.9)]! / Math.max(1, heights[Math.floor(heights.length * 0.1)]!);
    lines.push({ x: x0, y: y0, w: x1 - x0, h: y1 - y0, charHeight, angle, light, chars: g.length, score: g.length / spread });
  }
  return lines;
}

const overlap = (a: TextLine, b: TextLine) => {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return (ix * iy) / Math.min(a.w * a.h, b.w * b.h);
};

/**
 * Text lines of a grayscale raster, strongest first, at most `limit`. A region found in both polarities (the
 * letters, then the gaps between them) is kept once, in the polarity with more letters.
 */
export function findTextLines(img: Gray, limit = 12): TextLine[] {
  const window = Math.max(15, Math.round(Math.max(img.width, img.height) * WINDOW_SHARE)) | 1;
  const smoothed = smooth(img);
  const all: TextLine[] = [];
  for (const light of [false, true]) {
    const bin = adaptiveThreshold(smoothed, window, CONTRAST, light);
    const chars = connectedBlobs(bin, img.width, img.height).filter((b) => isCharLike(b, img.height));
    all.push(...groupLines(chars, light));
  }
  all.sort((a, b) => b.score - a.score);
  const kept: TextLine[] = [];
  for (const line of all) {
    if (kept.some((k) => overlap(k, line) > 0.5)) continue;
    kept.push(line);
    if (kept.length >= limit) break;
  }
  return kept;
}
