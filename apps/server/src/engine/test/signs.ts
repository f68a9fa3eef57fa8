/**
 * Test and benchmark helper: Miami-Dade-style street-name signs and shop-front text, drawn with sharp (SVG text in
 * DejaVu Sans, from Debian's fonts-dejavu-core) and set into a photo with perspective, blur, noise, glare and
 * partial occlusion. Nothing here ships: it makes the pictures the text locator is measured on.
 */
import sharp, { type OverlayOptions } from 'sharp';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** Mixed-case blades raise the ordinal: "SW 8th St" with a small "th" above the line. */
const raised = (s: string) =>
  s.replace(/(\d)(st|nd|rd|th)\b/g, '$1<tspan dy="-0.35em" font-size="60%">$2</tspan><tspan dy="0.35em"> </tspan>');

export type Blade = { name: string; block?: string };

/**
 * The county's street-name sign: one green blade per street, white border and letters, the hundred-block number
 * small at the right end. Returned as a PNG with a transparent background.
 */
export async function streetSign(
  blades: readonly Blade[],
  opts: { width?: number; bladeHeight?: number; colour?: string } = {},
): Promise<Buffer> {
  const width = opts.width ?? 640;
  const h = opts.bladeHeight ?? 110;
  const gap = Math.round(h * 0.22);
  const height = blades.length * h + (blades.length - 1) * gap;
  const colour = opts.colour ?? '#0b6b3a';
  const parts = blades.map((b, i) => {
    const y = i * (h + gap);
    const size = Math.round(h * 0.56);
    return `<g transform="translate(0,${y})"><rect x="3" y="3" width="${width - 6}" height="${h - 6}" rx="${Math.round(h * 0.08)}" fill="${colour}" stroke="#fff" stroke-width="${Math.max(3, Math.round(h * 0.05))}"/>
      <text x="${Math.round(h * 0.3)}" y="${Math.round(h * 0.7)}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="#fff">${raised(esc(b.name))}</text>
      ${b.block ? `<text x="${width - Math.round(h * 0.25)}" y="${Math.round(h * 0.58)}" text-anchor="end" font-family="DejaVu Sans" font-size="${Math.round(h * 0.26)}" fill="#fff">${esc(b.block)}</text>` : ''}</g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A shop front's sign board: a business name and an address line, dark letters on a light board or the reverse. */
export async function shopSign(
  lines: readonly string[],
  opts: { width?: number; dark?: boolean } = {},
): Promise<Buffer> {
  const width = opts.width ?? 760;
  const lineH = 86;
  const height = lines.length * lineH + 30;
  const [bg, fg] = opts.dark ? ['#1c1c28', '#f4e9c8'] : ['#f2efe6', '#8a1c1c'];
  const texts = lines
    .map(
      (l, i) =>
        `<text x="${width / 2}" y="${30 + i * lineH + 58}" text-anchor="middle" font-family="DejaVu Sans" font-weight="${i === 0 ? 'bold' : 'normal'}" font-size="${i === 0 ? 60 : 46}" fill="${fg}">${esc(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="10" fill="${bg}"/>${texts}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Solves the 3×3 homography (h33 = 1) that maps the four `from` points onto the four `to` points. */
function homography(
  from: ReadonlyArray<readonly [number, number]>,
  to: ReadonlyArray<readonly [number, number]>,
): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting on the 8×8 system.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 8; k++) a[r]![k]! -= f * a[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return [...b.map((v, i) => v / a[i]![i]!), 1];
}

/**
 * Warps an RGBA image as if seen at an angle: `skew` moves the right edge's corners in by that share of the height
 * (one side farther away), `tilt` does the same for the bottom edge. Bilinear sampling, transparent outside.
 */
export async function perspective(png: Buffer, skew: number, tilt = 0): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const dx = skew * h;
  const dy = tilt * w;
  const dst: Array<[number, number]> = [
    [0, Math.max(0, -dx)],
    [w, Math.max(0, dx)],
    [w - Math.max(0, dy), h - Math.max(0, dx)],
    [Math.max(0, dy), h - Math.max(0, -dx)],
  ];
  const src: Array<[number, number]> = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  // Inverse mapping: for each output pixel, where it comes from.
  const m = homography(dst, src);
  const out = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const z = m[6]! * x + m[7]! * y + m[8]!;
      const sx = (m[0]! * x + m[1]! * y + m[2]!) / z;
      const sy = (m[3]! * x + m[4]! * y + m[5]!) / z;
      if (sx < 0 || sy < 0 || sx >= w - 1 || sy >= h - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 4; c++) {
        const p = (yy: number, xx: number) => data[(yy * w + xx) * 4 + c]!;
        out[(y * w + x) * 4 + c] = Math.round(
          p(y0, x0) * (1 - fx) * (1 - fy) +
            p(y0, x0 + 1) * fx * (1 - fy) +
            p(y0 + 1, x0) * (1 - fx) * fy +
            p(y0 + 1, x0 + 1) * fx * fy,
        );
      }
    }
  return sharp(out, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
}

export type SceneOptions = {
  /** Left/top of the sign in the photo, as shares of its size. */
  at: { x: number; y: number };
  /** Sign width as a share of the photo width. */
  widthShare: number;
  rotateDeg?: number;
  skew?: number;
  tilt?: number;
  blurSigma?: number;
  /** Standard deviation of Gaussian pixel noise (0–255 scale). */
  noise?: number;
  /** A bright soft ellipse over part of the sign (sun glare), 0–1 strength. */
  glare?: number;
  /** A dark bar (a pole, a branch) across this share of the sign's width. */
  occlusion?: number;
  jpegQuality?: number;
  /** Output width of the photo in pixels. */
  photoWidth?: number;
};

/** Puts a sign into a photo the way a camera would see it. Returns a JPEG without metadata. */
export async function composeScene(
  photo: Buffer,
  sign: Buffer,
  o: SceneOptions,
  random: () => number = Math.random,
): Promise<Buffer> {
  // Real camera files carry harmless defects (extra bytes before a marker): decode them as a viewer would.
  const base = await sharp(photo, { failOn: 'none' })
    .rotate()
    .resize({ width: o.photoWidth ?? 1600 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const W = base.info.width;
  const H = base.info.height;
  let s: Buffer = await sharp(sign)
    .resize({ width: Math.max(40, Math.round(W * o.widthShare)) })
    .png()
    .toBuffer();
  if (o.skew || o.tilt) s = await perspective(s, o.skew ?? 0, o.tilt ?? 0);
  if (o.rotateDeg)
    s = await sharp(s)
      .rotate(o.rotateDeg, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  const sm = await sharp(s).metadata();
  const sw = Math.min(W, sm.width!);
  const sh = Math.min(H, sm.height!);
  if (sw !== sm.width || sh !== sm.height) s = await sharp(s).resize(sw, sh, { fit: 'inside' }).png().toBuffer();
  const left = Math.round(Math.min(W - sw, Math.max(0, o.at.x * W)));
  const top = Math.round(Math.min(H - sh, Math.max(0, o.at.y * H)));
  const overlays: OverlayOptions[] = [{ input: s, left, top }];
  if (o.glare) {
    const gw = Math.round(sw * 0.5);
    const gh = Math.round(sh * 0.8);
    const glare = `<svg xmlns="http://www.w3.org/2000/svg" width="${gw}" height="${gh}"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="${o.glare}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${gw / 2}" cy="${gh / 2}" rx="${gw / 2}" ry="${gh / 2}" fill="url(#g)"/></svg>`;
    overlays.push({
      input: Buffer.from(glare),
      left: left + Math.round(random() * sw * 0.5),
      top: top + Math.round(random() * sh * 0.2),
    });
  }
  if (o.occlusion) {
    const bw = Math.max(4, Math.round(sw * o.occlusion));
    const bar = `<svg xmlns="http://www.w3.org/2000/svg" width="${bw}" height="${sh}"><rect width="${bw}" height="${sh}" fill="#2b2b2b"/></svg>`;
    // Over the end of the sign, where a pole usually stands, not across the whole name.
    overlays.push({
      input: Buffer.from(bar),
      left: left + Math.round(sw * (random() < 0.5 ? 0.02 : 0.98 - o.occlusion)),
      top,
    });
  }
  // Each step reads the previous one's raw output with that output's own layout (compositing may add alpha).
  let raw = await sharp(base.data, { raw: base.info })
    .composite(overlays)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (o.blurSigma)
    raw = await sharp(raw.data, { raw: raw.info }).blur(o.blurSigma).raw().toBuffer({ resolveWithObject: true });
  if (o.noise) {
    const d = raw.data;
    for (let i = 0; i < d.length; i++) {
      // Box–Muller on two uniforms.
      const n = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
      d[i] = Math.max(0, Math.min(255, d[i]! + n * o.noise));
    }
    raw = { data: d, info: raw.info };
  }
  return sharp(raw.data, { raw: raw.info })
    .jpeg({ quality: o.jpegQuality ?? 85 })
    .toBuffer();
}
