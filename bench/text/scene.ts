/**
 * Street scenes for the text benchmark (issue 11): the sign forms Miami-Dade streets actually carry, drawn in many
 * fonts and set into real camera photos at phone resolution under the conditions phones meet. Generated at run time,
 * never stored; nothing here ships.
 *
 * Forms: the county's green blades in capitals with the hundred-block number; mixed case with raised ordinals
 * ("SW 8th St"); the quadrant stacked over itself ("S" above "W"); overhead mast-arm blades seen from below; brown
 * honorary blades ("Calle Ocho") over a numbered blade; blue and white municipal blades; shop fronts with the street
 * on the fascia and the door number on a panel of its own, a phone number and Spanish words. Distractor signs
 * (STOP, ONE WAY, NO PARKING, SPEED LIMIT) join some scenes. Places that write their name on themselves (monument
 * panels, channel letters on a wall, banners) are drawn for the place set.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { perspective } from '@vt/server/src/engine/test/signs';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export type Random = () => number;

/** How one grid line is written on a blade. */
export type Written = {
  /** Quadrant prefix ("SW"), empty for a named road. */
  prefix: string;
  /** The number ("8") or the road's name ("Bird"). */
  body: string;
  /** Ordinal suffix ("th"), shown raised in mixed case. */
  ordinal: string;
  /** Street type as written ("St", "Ave", "Rd"). */
  type: string;
  /** The hundred-block number on the blade, if any. */
  block?: string;
};

export type BladeStyle = 'county' | 'mixed' | 'stacked' | 'overhead' | 'blue' | 'white' | 'brown';

const COLOURS: Record<BladeStyle, { bg: string; fg: string; border: string }> = {
  county: { bg: '#0b6b3a', fg: '#ffffff', border: '#ffffff' },
  mixed: { bg: '#0d7040', fg: '#ffffff', border: '#ffffff' },
  stacked: { bg: '#0b6b3a', fg: '#ffffff', border: '#ffffff' },
  overhead: { bg: '#0a6338', fg: '#ffffff', border: '#ffffff' },
  blue: { bg: '#17408b', fg: '#ffffff', border: '#ffffff' },
  white: { bg: '#f4f4f0', fg: '#111111', border: '#111111' },
  brown: { bg: '#6b3f1d', fg: '#ffffff', border: '#f0e6d0' },
};

const upper = (w: Written): Written => ({
  ...w,
  prefix: w.prefix.toUpperCase(),
  body: w.body.toUpperCase(),
  ordinal: w.ordinal.toUpperCase(),
  type: w.type.toUpperCase(),
});

/** A blade's height in its drawing, and the font size of its street name (bladeSvg): 0.56 of the height. */
const BLADE_H = 110;
export const BLADE_NAME_PX = Math.round(BLADE_H * 0.56);
/** The font size of the street's line on a shop's fascia (shopFront). */
export const FASCIA_STREET_PX = 44;

/** Bands of the street name's size in the photo (its font's em in pixels; capitals are about 0.7 of it). */
export function nameSizeBand(emPx: number | null): string {
  if (emPx === null) return 'none';
  return emPx < 16 ? 'a <16 px' : emPx < 24 ? 'b 16-24 px' : emPx < 36 ? 'c 24-36 px' : 'd >=36 px';
}

/** One blade as SVG (a `<g>` of `width` × `h`), the text in `font`. */
function bladeSvg(
  w: Written,
  style: BladeStyle,
  font: string,
  width: number,
  h: number,
  y: number,
  bold: boolean,
): string {
  const c = COLOURS[style];
  const caps = style === 'county' || style === 'stacked' || style === 'brown' ? upper(w) : w;
  const size = Math.round(h * 0.56);
  const small = Math.round(h * 0.3);
  const weight = bold ? 'bold' : 'normal';
  const x0 = Math.round(h * 0.28);
  let text: string;
  if (style === 'stacked' && caps.prefix.length === 2) {
    // The county's stacked prefix: the two letters one over the other, then the number and type.
    const px = x0;
    text = `<text x="${px}" y="${Math.round(h * 0.45)}" font-family="${font}" font-weight="${weight}" font-size="${small}" fill="${c.fg}">${esc(caps.prefix[0]!)}</text>
      <text x="${px}" y="${Math.round(h * 0.8)}" font-family="${font}" font-weight="${weight}" font-size="${small}" fill="${c.fg}">${esc(caps.prefix[1]!)}</text>
      <text x="${px + Math.round(small * 1.1)}" y="${Math.round(h * 0.72)}" font-family="${font}" font-weight="${weight}" font-size="${size}" fill="${c.fg}">${esc(caps.body)}${caps.ordinal ? esc(caps.ordinal) : ''} ${esc(caps.type)}</text>`;
  } else {
    const prefix = caps.prefix ? `${esc(caps.prefix)} ` : '';
    const ordinal = caps.ordinal
      ? `<tspan font-size="${Math.round(size * 0.55)}" dy="${-Math.round(size * 0.35)}">${esc(caps.ordinal)}</tspan><tspan dy="${Math.round(size * 0.35)}"> </tspan>`
      : ' ';
    text = `<text x="${x0}" y="${Math.round(h * 0.72)}" font-family="${font}" font-weight="${weight}" font-size="${size}" fill="${c.fg}">${prefix}${esc(caps.body)}${ordinal}${esc(caps.type)}</text>`;
  }
  const block = caps.block
    ? `<text x="${width - Math.round(h * 0.22)}" y="${Math.round(h * 0.56)}" text-anchor="end" font-family="${font}" font-size="${Math.round(h * 0.26)}" fill="${c.fg}">${esc(caps.block)}</text>`
    : '';
  return `<g transform="translate(0,${y})"><rect x="3" y="3" width="${width - 6}" height="${h - 6}" rx="${Math.round(h * 0.08)}" fill="${c.bg}" stroke="${c.border}" stroke-width="${Math.max(3, Math.round(h * 0.05))}"/>${text}${block}</g>`;
}

/** A post's blades, one per written line (the first may be a brown honorary blade). */
export async function streetSign(
  blades: ReadonlyArray<{ written: Written; style: BladeStyle }>,
  font: string,
  bold: boolean,
): Promise<Buffer> {
  const h = BLADE_H;
  const longest = Math.max(
    ...blades.map((b) => `${b.written.prefix} ${b.written.body}${b.written.ordinal} ${b.written.type}`.length),
  );
  const width = Math.round(
    Math.max(420, longest * h * 0.42 + (blades.some((b) => b.written.block) ? h * 1.2 : 0) + h * 0.6),
  );
  const gap = Math.round(h * 0.2);
  const height = blades.length * h + (blades.length - 1) * gap;
  const parts = blades.map((b, i) => bladeSvg(b.written, b.style, font, width, h, i * (h + gap), bold));
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`),
  )
    .png()
    .toBuffer();
}

/** A shop front: a fascia with the name, the street and a phone number; the door number on a panel of its own. */
export async function shopFront(o: {
  name: string;
  street: string;
  phone: string;
  door: string;
  font: string;
  dark: boolean;
}): Promise<{ fascia: Buffer; door: Buffer }> {
  const width = 900;
  const [bg, fg, accent] = o.dark ? ['#1c1c28', '#f4e9c8', '#f2b134'] : ['#f2efe6', '#8a1c1c', '#1d4f8a'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="250"><rect width="${width}" height="250" rx="8" fill="${bg}"/>
    <text x="${width / 2}" y="95" text-anchor="middle" font-family="${o.font}" font-weight="bold" font-size="78" fill="${fg}">${esc(o.name)}</text>
    <text x="${width / 2}" y="160" text-anchor="middle" font-family="${o.font}" font-size="${FASCIA_STREET_PX}" fill="${accent}">${esc(o.street)}</text>
    <text x="${width / 2}" y="220" text-anchor="middle" font-family="${o.font}" font-size="36" fill="${fg}">${esc(o.phone)}</text></svg>`;
  const doorSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="120"><rect width="260" height="120" rx="6" fill="#fafafa" stroke="#333" stroke-width="4"/>
    <text x="130" y="88" text-anchor="middle" font-family="${o.font}" font-weight="bold" font-size="76" fill="#111">${esc(o.door)}</text></svg>`;
  return {
    fascia: await sharp(Buffer.from(svg)).png().toBuffer(),
    door: await sharp(Buffer.from(doorSvg)).png().toBuffer(),
  };
}

export type PlaceStyle = 'monument' | 'letters' | 'banner';

/** The font size of a place's name in placeSign's drawing, for the size band of the name in the photo. */
export const PLACE_NAME_PX = 84;

/**
 * A place that writes its name on itself: a monument panel by the entrance, channel letters on the building's wall
 * (no panel: the photo shows through), or a coloured banner. A long name wraps onto two lines or three, as it does on a
 * building, and a line that is no part of the name ("WELCOME TO", "ENTRANCE", opening hours) may stand above or below.
 */
export async function placeSign(o: {
  name: string;
  above?: string;
  below?: string;
  font: string;
  style: PlaceStyle;
  bold: boolean;
}): Promise<Buffer> {
  const words = o.name.split(' ');
  // Wrap a long name at the word boundary nearest its middle; a very long one in thirds.
  let lines = [o.name];
  if (o.name.length > 30 && words.length > 2) {
    const [a, b] = [Math.round(words.length / 3), Math.round((2 * words.length) / 3)];
    lines = [words.slice(0, a), words.slice(a, b), words.slice(b)].map((w) => w.join(' '));
  } else if (o.name.length > 18 && words.length > 1) {
    let best = 1;
    for (let k = 1; k < words.length; k++) {
      const d = (i: number) => Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
      if (d(k) < d(best)) best = k;
    }
    lines = [words.slice(0, best).join(' '), words.slice(best).join(' ')];
  }
  const px = PLACE_NAME_PX;
  const small = Math.round(px * 0.42);
  // Bold capitals run to about 0.75 em a letter: the panel is drawn wide enough for its longest line.
  const longest = Math.max(
    ...lines.map((l) => l.length),
    (Math.max((o.above ?? '').length, (o.below ?? '').length) * small) / px,
  );
  const width = Math.round(Math.max(360, longest * px * 0.75 + px));
  const rows: Array<{ text: string; size: number; weight: string }> = [
    ...(o.above ? [{ text: o.above, size: small, weight: 'normal' }] : []),
    ...lines.map((text) => ({ text, size: px, weight: o.bold ? 'bold' : 'normal' })),
    ...(o.below ? [{ text: o.below, size: small, weight: 'normal' }] : []),
  ];
  const pad = Math.round(px * 0.45);
  const height = pad * 2 + rows.reduce((h, r) => h + Math.round(r.size * 1.25), 0);
  const [bg, fg, stroke] =
    o.style === 'monument'
      ? ['#3a3733', '#f1ece1', 'none']
      : o.style === 'banner'
        ? ['#0e5a8a', '#ffffff', 'none']
        : ['none', '#f7f3ea', '#222222'];
  let y = pad;
  const text = rows
    .map((r) => {
      y += Math.round(r.size * 1.25);
      // Channel letters stand out from the wall by their outline (their sides and shadow).
      const outline =
        stroke === 'none' ? '' : ` stroke="${stroke}" stroke-width="${Math.max(2, Math.round(r.size * 0.05))}"`;
      return `<text x="${width / 2}" y="${y - Math.round(r.size * 0.28)}" text-anchor="middle" font-family="${o.font}" font-weight="${r.weight}" font-size="${r.size}" fill="${fg}"${outline}>${esc(r.text)}</text>`;
    })
    .join('');
  const panel =
    bg === 'none' ? '' : `<rect width="${width}" height="${height}" rx="${Math.round(px * 0.12)}" fill="${bg}"/>`;
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${panel}${text}</svg>`),
  )
    .png()
    .toBuffer();
}

export type Distractor = 'STOP' | 'ONE WAY' | 'NO PARKING' | 'SPEED LIMIT';

/** Traffic signs that carry words but no place. */
export async function distractorSign(kind: Distractor, font: string, random: Random): Promise<Buffer> {
  let svg: string;
  if (kind === 'STOP') {
    const r = 100;
    const pts = Array.from({ length: 8 }, (_, i) => {
      const a = Math.PI / 8 + (i * Math.PI) / 4;
      return `${r + r * Math.cos(a)},${r + r * Math.sin(a)}`;
    }).join(' ');
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><polygon points="${pts}" fill="#c1121f" stroke="#fff" stroke-width="8"/><text x="100" y="122" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="62" fill="#fff">STOP</text></svg>`;
  } else if (kind === 'ONE WAY') {
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120"><rect width="360" height="120" fill="#111"/><polygon points="20,40 250,40 250,15 340,60 250,105 250,80 20,80" fill="#fff"/><text x="130" y="73" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="34" fill="#111">ONE WAY</text></svg>`;
  } else if (kind === 'NO PARKING') {
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="280"><rect width="200" height="280" rx="10" fill="#fff" stroke="#111" stroke-width="6"/><text x="100" y="70" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="44" fill="#c1121f">NO</text><text x="100" y="130" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="36" fill="#c1121f">PARKING</text><text x="100" y="190" text-anchor="middle" font-family="${font}" font-size="28" fill="#111">ANY TIME</text></svg>`;
  } else {
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="260"><rect width="200" height="260" rx="10" fill="#fff" stroke="#111" stroke-width="6"/><text x="100" y="60" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="34" fill="#111">SPEED</text><text x="100" y="100" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="34" fill="#111">LIMIT</text><text x="100" y="215" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="110" fill="#111">${[25, 30, 35, 40][Math.floor(random() * 4)]}</text></svg>`;
  }
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export type Light = 'day' | 'dusk' | 'night' | 'backlit';
export type BlurKind = 'none' | 'focus' | 'motion';

export type Placement = {
  /** Sign width as a share of the photo's width. */
  widthShare: number;
  at: { x: number; y: number };
  rotateDeg: number;
  skew: number;
  tilt: number;
  /**
   * The sign seen from the side, in degrees (0: facing the camera; the sign of the angle says which end is farther):
   * its width foreshortened by the cosine, its far end shorter. The two blades of a corner stand at right angles, so
   * a photo taken at a corner sees at least one of them 45° or more from the side; so do shop fronts photographed from
   * the pavement. Absent: 0.
   */
  yawDeg?: number;
};

export type Conditions = {
  light: Light;
  blur: BlurKind;
  blurAmount: number;
  noise: number;
  jpegQuality: number;
  /** The photo's width (4:3); 4000 is a 12 MP phone. */
  photoWidth: number;
};

async function placed(png: Buffer, W: number, p: Placement): Promise<{ input: Buffer; w: number; h: number }> {
  const yaw = ((p.yawDeg ?? 0) * Math.PI) / 180;
  const width = Math.max(24, Math.round(W * p.widthShare));
  let s: Buffer;
  if (!yaw) s = await sharp(png).resize({ width }).png().toBuffer();
  else {
    const meta = await sharp(png).metadata();
    s = await sharp(png)
      .resize({
        width: Math.max(24, Math.round(width * Math.cos(yaw))),
        height: Math.max(8, Math.round((width * meta.height!) / meta.width!)),
        fit: 'fill',
      })
      .png()
      .toBuffer();
  }
  // The far end of a sign seen from the side is farther from the camera, so shorter: a blade about 1 m long seen from
  // 3–5 m at 60° has its far end 15–25 % shorter than its near end. The photo's own keystone (skew) is turned to
  // agree, so that the far end is always the shorter one.
  const skew = yaw ? Math.sign(yaw) * (0.1 * Math.sin(Math.abs(yaw)) + 0.5 * Math.abs(p.skew) * Math.cos(yaw)) : p.skew;
  if (skew || p.tilt) s = await perspective(s, skew, p.tilt);
  if (p.rotateDeg)
    s = await sharp(s)
      .rotate(p.rotateDeg, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  const m = await sharp(s).metadata();
  return { input: s, w: m.width!, h: m.height! };
}

/**
 * Sets the signs into a real photo (cropped to 4:3, scaled to `photoWidth`), then applies the light, blur, noise and
 * compression of the conditions. The signs are lit like the scene except at night, when retroreflective sheeting
 * keeps them brighter than their surroundings.
 */
export async function composeStreetScene(
  photo: Buffer,
  signs: ReadonlyArray<{ png: Buffer; placement: Placement }>,
  c: Conditions,
  random: Random,
): Promise<Buffer> {
  const W = c.photoWidth;
  const H = Math.round((W * 3) / 4);
  let base = sharp(photo, { failOn: 'none' }).rotate().resize(W, H, { fit: 'cover' });
  if (c.light === 'dusk') base = base.modulate({ brightness: 0.45 }).tint('#8a7bb0');
  if (c.light === 'night') base = base.modulate({ brightness: 0.18 });
  if (c.light === 'backlit') base = base.modulate({ brightness: 1.5 }).gamma(1.2);
  const raw = await base.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const overlays: OverlayOptions[] = [];
  for (const s of signs) {
    const p = await placed(s.png, W, s.placement);
    let input = p.input;
    if (c.light === 'dusk') input = await sharp(input).modulate({ brightness: 0.55 }).png().toBuffer();
    if (c.light === 'night') input = await sharp(input).modulate({ brightness: 0.45 }).png().toBuffer();
    // Against the sky, the sign's face is in shadow.
    if (c.light === 'backlit') input = await sharp(input).modulate({ brightness: 0.5 }).png().toBuffer();
    const left = Math.round(Math.min(W - p.w, Math.max(0, s.placement.at.x * W)));
    const top = Math.round(Math.min(H - p.h, Math.max(0, s.placement.at.y * H)));
    if (p.w <= W && p.h <= H) overlays.push({ input, left, top });
  }
  let img = await sharp(raw.data, { raw: raw.info })
    .composite(overlays)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (c.blur === 'focus')
    img = await sharp(img.data, { raw: img.info }).blur(c.blurAmount).raw().toBuffer({ resolveWithObject: true });
  if (c.blur === 'motion') {
    // A camera moving sideways: a horizontal line kernel, 3–9 px long at 12 MP.
    const k = Math.max(3, Math.round(c.blurAmount) | 1);
    const kernel = Array.from({ length: 3 * k }, (_, i) => (Math.floor(i / k) === 1 ? 1 : 0));
    img = await sharp(img.data, { raw: img.info })
      .convolve({ width: k, height: 3, kernel })
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  if (c.noise) {
    const d = img.data;
    // Sensor noise, stronger in the dark: one Gaussian draw per 4 bytes keeps 36 M bytes fast enough.
    for (let i = 0; i < d.length; i += 4) {
      const n = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()) * c.noise;
      for (let j = i; j < Math.min(d.length, i + 4); j++) d[j] = Math.max(0, Math.min(255, d[j]! + n));
    }
  }
  return sharp(img.data, { raw: img.info }).jpeg({ quality: c.jpegQuality, mozjpeg: false }).toBuffer();
}
