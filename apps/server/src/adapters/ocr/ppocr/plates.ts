/**
 * Where small signs may be: plates of a flat colour (a street blade's green, blue, brown or white) too small for the
 * detector to see their letters in the downscaled photo. The detector runs on the photo at 2048 px, where the
 * letters of a blade 5 % of a 12 MP photo wide are 6 px tall and leave no trace in its probability map; a person
 * spots the plate first and then looks closer. This finds such plates cheaply (a colour mask of a small copy of the
 * photo, then connected regions shaped like plates), so the detector can look again at those regions alone, at the
 * photo's full resolution.
 */
import type { OrientedBox, Rgb } from './geometry';

/** A colour a plate may have, in HSV: hue in degrees (a range may wrap past 360), saturation and value 0–1. */
export type PlateColour = { hue?: [number, number]; saturation: [number, number]; value: [number, number] };

/** A region of the full-resolution photo to look at again. */
export type Region = { x: number; y: number; w: number; h: number };

/**
 * A plate's own box, along its length, in full-resolution pixels, and the share of that box its colour fills (letters
 * cut into a blade leave a little out; a ragged patch of colour leaves much out).
 */
export type Blade = OrientedBox & { fill: number };

/** A region and the blades in it. */
export type PlateRegion = Region & { blades: Blade[] };

/**
 * Shaped like a street blade rather than any patch of a blade's colour: long (a name on one line is several times
 * as long as it is tall) and solidly filled.
 */
export const bladeLike = (b: Blade) => b.w >= 4 * b.h && b.fill >= 0.6;

export type PlateOptions = {
  colours: readonly PlateColour[];
  /** Plates are looked for on a copy of the photo this many pixels wide. */
  side: number;
  /** A plate's shorter side, in pixels of the full photo: smaller is noise, larger the detector already reads. */
  minHeight: number;
  maxHeight: number;
  /**
   * At most this many regions: those holding a blade-shaped plate first, then the largest. A photo of foliage,
   * banners and roofs has dozens of plate-coloured patches, and a small blade, the one the second look is for, came
   * 14th by size on a tuning photo.
   */
  maxRegions: number;
  /**
   * A plate grows only through pixels whose hue lies within this many degrees of the plate's mean hue so far: a
   * county blade's dark green and the grass or foliage behind it are both "green", and one region of the two is
   * shaped like no plate. Unset, every pixel of the colour joins.
   */
  hueSpread?: number;
  /**
   * A blade in which the detector found no line even at full resolution is read as one line itself: blur can hide
   * letters from the detector and still leave them to the recogniser, as a person reads a blurred blade's whole
   * plate. Such a line has BLADE_SCORE as its detector score.
   */
  readBlades?: boolean;
};

/** The detector score of a line that is a whole blade read as one (no detector vouched for it). */
export const BLADE_SCORE = 0.3;

function hsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return [h, max ? d / max : 0, max / 255];
}

const inHue = (h: number, [a, b]: [number, number]) => (a <= b ? h >= a && h <= b : h >= a || h <= b);

function matches(c: PlateColour, h: number, s: number, v: number): boolean {
  return (
    s >= c.saturation[0] &&
    s <= c.saturation[1] &&
    v >= c.value[0] &&
    v <= c.value[1] &&
    (c.hue === undefined || inHue(h, c.hue))
  );
}

/**
 * Regions of `small` (the photo scaled to `small.width` px wide; `scale` full-resolution pixels per small pixel)
 * holding a plate of one of the colours: connected pixels of one colour whose bounding box is plate-shaped (longer
 * than tall, mostly filled, of a plausible size). Each region is the plate's box grown by half its height on every
 * side, in full-resolution pixels, with the blades it holds (stacked blades share one region).
 */
export function findPlates(
  small: Rgb,
  scale: number,
  opts: PlateOptions,
  read: ReadonlyArray<OrientedBox> = [],
): PlateRegion[] {
  const { width: w, height: h, data } = small;
  const label = new Int32Array(w * h);
  const colourOf = new Int8Array(w * h).fill(-1);
  const hues = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const [hh, s, v] = hsv(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!);
    hues[i] = hh;
    for (let k = 0; k < opts.colours.length; k++)
      if (matches(opts.colours[k]!, hh, s, v)) {
        colourOf[i] = k;
        break;
      }
  }
  const found: Array<PlateRegion & { area: number }> = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (colourOf[start]! < 0 || label[start]) continue;
    const colour = colourOf[start]!;
    label[start] = ++next;
    stack.push(start);
    // The region's mean hue as a vector sum (hue is an angle); only for colours that have a hue.
    const spread = opts.hueSpread !== undefined && opts.colours[colour]!.hue ? opts.hueSpread : undefined;
    let hc = 0;
    let hs = 0;
    const near = (j: number) => {
      if (spread === undefined) return true;
      const mean = (Math.atan2(hs, hc) * 180) / Math.PI;
      const d = Math.abs(hues[j]! - mean) % 360;
      return Math.min(d, 360 - d) <= spread;
    };
    let count = 0;
    // Sums for the plate's second moments: its centre, its long axis and its extent along and across it.
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    while (stack.length) {
      const i = stack.pop()!;
      count++;
      if (spread !== undefined) {
        hc += Math.cos((hues[i]! * Math.PI) / 180);
        hs += Math.sin((hues[i]! * Math.PI) / 180);
      }
      const x = i % w;
      const y = (i - x) / w;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1])
        if (j >= 0 && !label[j] && colourOf[j] === colour && near(j)) {
          label[j] = next;
          stack.push(j);
        }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const fill = count / (bw * bh);
    // A blade slanted 15° fills about half its upright box; white letters cut into it too.
    if (fill < 0.3 || bw < 1.5 * bh) continue;
    const height = bh * scale;
    // The box's height of a slanted blade includes the slant: its own height is about the box's minus the rise.
    if (height > opts.maxHeight * 2 || count * scale * scale < (opts.minHeight * opts.minHeight * 3) / 2) continue;
    const plateHeight = (count / bw) * scale;
    if (plateHeight < opts.minHeight || plateHeight > opts.maxHeight) continue;
    const margin = (bh * scale) / 2;
    found.push({
      x: Math.max(0, x0 * scale - margin),
      y: Math.max(0, y0 * scale - margin),
      w: bw * scale + 2 * margin,
      h: bh * scale + 2 * margin,
      area: count,
      blades: [bladeBox(count, sx, sy, sxx, syy, sxy, scale)],
    });
  }
  // A plate whose every blade already holds a line the detector read needs no second look.
  const unread = (r: PlateRegion) => r.blades.some((blade) => !holdsLine(blade, read));
  const shaped = (r: PlateRegion) => (r.blades.some(bladeLike) ? 1 : 0);
  return mergeOverlapping(found.sort((a, b) => b.area - a.area))
    .filter(unread)
    .sort((a, b) => shaped(b) - shaped(a) || b.area - a.area)
    .slice(0, opts.maxRegions)
    .map(({ x, y, w: rw, h: rh, blades }) => ({ x, y, w: rw, h: rh, blades }));
}

/**
 * A plate's own box from the second moments of its pixels: a filled rectangle L × S has variances L²/12 and S²/12
 * along and across its long axis, whatever its slant. Letters cut into the plate thin it a little; the box is the
 * plate's, not its letters', which is what a line of text on a blade fills.
 */
function bladeBox(n: number, sx: number, sy: number, sxx: number, syy: number, sxy: number, scale: number): Blade {
  const mx = sx / n;
  const my = sy / n;
  const cxx = sxx / n - mx * mx;
  const cyy = syy / n - my * my;
  const cxy = sxy / n - mx * my;
  const mean = (cxx + cyy) / 2;
  const spread = Math.sqrt(((cxx - cyy) / 2) ** 2 + cxy * cxy);
  const long = Math.sqrt(12 * (mean + spread));
  const short = Math.sqrt(12 * Math.max(0, mean - spread));
  return {
    cx: (mx + 0.5) * scale,
    cy: (my + 0.5) * scale,
    w: long * scale,
    h: short * scale,
    angle: 0.5 * Math.atan2(2 * cxy, cxx - cyy),
    fill: Math.min(1, n / Math.max(1, long * short)),
  };
}

/** Whether a point lies inside an oriented box. */
export function inside(x: number, y: number, b: OrientedBox): boolean {
  const dx = x - b.cx;
  const dy = y - b.cy;
  const u = dx * Math.cos(b.angle) + dy * Math.sin(b.angle);
  const v = -dx * Math.sin(b.angle) + dy * Math.cos(b.angle);
  return Math.abs(u) <= b.w / 2 && Math.abs(v) <= b.h / 2;
}

/** Whether one of the lines lies on the blade: its centre on the plate, and no taller than it. */
export function holdsLine(blade: OrientedBox, lines: ReadonlyArray<OrientedBox>): boolean {
  return lines.some((k) => inside(k.cx, k.cy, blade) && k.h < 1.5 * blade.h);
}

/** Stacked blades (a street over an avenue) are one region: regions that overlap become their union. */
function mergeOverlapping<R extends PlateRegion & { area: number }>(regions: R[]): R[] {
  const out: R[] = [];
  for (const r of regions) {
    const other = out.find((o) => r.x < o.x + o.w && o.x < r.x + r.w && r.y < o.y + o.h && o.y < r.y + r.h);
    if (!other) {
      out.push({ ...r, blades: [...r.blades] });
      continue;
    }
    other.blades.push(...r.blades);
    const x = Math.min(other.x, r.x);
    const y = Math.min(other.y, r.y);
    other.w = Math.max(other.x + other.w, r.x + r.w) - x;
    other.h = Math.max(other.y + other.h, r.y + r.h) - y;
    other.x = x;
    other.y = y;
    other.area += r.area;
  }
  return out;
}
