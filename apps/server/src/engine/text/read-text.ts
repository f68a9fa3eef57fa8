import sharp from 'sharp';
import type { OcrEngine, PixelBox } from '../../adapters/ocr/ocr';
import { findTextLines, type TextLine } from './text-lines';

/** A box as shares of the photo's width and height (0–1), so the UI can draw it over any size of the photo. */
export type RelativeBox = { x: number; y: number; w: number; h: number };

export type ReadWord = { text: string; confidence: number; box: RelativeBox };
export type ReadLine = { text: string; confidence: number; box: RelativeBox; words: ReadWord[] };

export type ReadText = {
  /** Size of the image that was read (the display derivative). */
  width: number;
  height: number;
  lines: ReadLine[];
  /** How many candidate lines the text finder proposed (and OCR read). */
  candidates: number;
  timings: { findMs: number; readMs: number };
};

/** The text finder runs on at most this many pixels across: enough for sign lettering, fast in plain JS. */
const FIND_WIDTH = 1200;
/** Lines are scaled so letters are about this tall, where tesseract reads best. */
const TARGET_CHAR_PX = 40;
/** Below this OCR confidence (0–100) a line is noise: leaves, railings, tiles. */
export const MIN_LINE_CONFIDENCE = 35;
/** A slant smaller than this is left alone; tesseract copes with it and straightening blurs. */
const DESKEW_MIN_DEG = 1.5;

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * Where a line crop came from: the cut out of the photo (left, top, width, height), the slant it was turned by,
 * the band kept around the straightened line (in the turned cut's pixels) and the scale applied to that band.
 */
/** Decoded grey pixels of the photo. */
type Raw = { data: Buffer; info: { width: number; height: number; channels: 1 } };

type Crop = { left: number; top: number; width: number; height: number; angle: number; rotW: number; rotH: number; band: { x: number; y: number; w: number; h: number }; factor: number };

/**
 * Reads the text of a photo: finds candidate lines, cuts each out of the full-resolution image with some margin,
 * straightens it, scales it so its letters are ~40 px, turns light-on-dark text dark-on-light, and OCRs the crops
 * in parallel. Word boxes come back relative to the photo.
 */
export async function readText(image: Buffer, ocr: OcrEngine, opts: { signal?: AbortSignal; maxLines?: number } = {}): Promise<ReadText> {
  const t0 = performance.now();
  // Decoded once, in grey: the text finder's small raster and every line crop come from these pixels (decoding the
  // display image again for each of up to a dozen crops cost more than reading some of them).
  const grey = await sharp(image).flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = grey.info;
  if (!width || !height) return { width, height, lines: [], candidates: 0, timings: { findMs: 0, readMs: 0 } };
  const pixels: Raw = { data: grey.data, info: { width, height, channels: 1 } };

  const raster = await sharp(pixels.data, { raw: pixels.info })
    .resize({ width: FIND_WIDTH, height: FIND_WIDTH, fit: 'inside', withoutEnlargement: true })
    // sharp turns one-channel input back into sRGB unless told to stay grey.
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = findTextLines({ data: raster.data, width: raster.info.width, height: raster.info.height }, opts.maxLines ?? 12);
  const scale = width / raster.info.width;
  const findMs = performance.now() - t0;

  const t1 = performance.now();
  const crops = await Promise.all(found.map((line) => cutLine(pixels, line, scale, width, height)));
  const read = await ocr.readLines(
    crops.map((c) => c.png),
    opts.signal,
  );
  const lines: ReadLine[] = [];
  read.forEach((r, i) => {
    const text = r.text.replace(/\s+/g, ' ').trim();
    if (!text || r.confidence < MIN_LINE_CONFIDENCE) return;
    const crop = crops[i]!.crop;
    const words = r.words.map((w) => ({ text: w.text, confidence: Math.round(w.confidence), box: toPhoto(w.box, crop, width, height) }));
    lines.push({ text, confidence: Math.round(r.confidence), box: union(words.map((w) => w.box)) ?? relative(crop, width, height), words });
  });
  return { width, height, lines, candidates: found.length, timings: { findMs: Math.round(findMs), readMs: Math.round(performance.now() - t1) } };
}

async function cutLine(image: Raw, line: TextLine, scale: number, width: number, height: number): Promise<{ png: Buffer; crop: Crop }> {
  const charPx = line.charHeight * scale;
  // A generous cut (the slant may lift one end), turned straight, then narrowed to a band around the line:
  // clutter above and below a sign (railings, wires, other signs) makes tesseract misread the letters.
  const pad = 0.6 * charPx;
  const left = Math.max(0, Math.floor(line.x * scale - pad));
  const top = Math.max(0, Math.floor(line.y * scale - pad));
  const cw = Math.max(1, Math.min(width - left, Math.ceil(line.w * scale + 2 * pad)));
  const ch = Math.max(1, Math.min(height - top, Math.ceil(line.h * scale + 2 * pad)));
  const angle = Math.abs(line.angle) >= DESKEW_MIN_DEG ? line.angle : 0;

  // Cut first, then turn, in two pipelines: in one, sharp turns the whole photo before cutting.
  const cut = await sharp(image.data, { raw: image.info }).extract({ left, top, width: cw, height: ch }).grayscale().raw().toBuffer({ resolveWithObject: true });
  const straight = angle
    ? await sharp(cut.data, { raw: cut.info }).rotate(-angle, { background: '#808080' }).raw().toBuffer({ resolveWithObject: true })
    : cut;
  const rotW = straight.info.width;
  const rotH = straight.info.height;
  // The line's centre is the cut's centre only when no edge clipped the cut; use the line's own centre.
  const cx = line.x * scale + (line.w * scale) / 2 - left;
  const cy = line.y * scale + (line.h * scale) / 2 - top;
  const rad = (-angle * Math.PI) / 180;
  const ux = Math.cos(rad) * (cx - cw / 2) - Math.sin(rad) * (cy - ch / 2) + rotW / 2;
  const uy = Math.sin(rad) * (cx - cw / 2) + Math.cos(rad) * (cy - ch / 2) + rotH / 2;
  const length = (line.w * scale) / Math.max(0.5, Math.cos((angle * Math.PI) / 180));
  const bandW = Math.min(rotW, Math.ceil(length + 1.0 * charPx));
  const bandH = Math.min(rotH, Math.ceil(charPx * 1.6));
  const band = {
    x: Math.max(0, Math.min(rotW - bandW, Math.round(ux - bandW / 2))),
    y: Math.max(0, Math.min(rotH - bandH, Math.round(uy - bandH / 2))),
    w: bandW,
    h: bandH,
  };
  const factor = Math.min(4, Math.max(0.5, TARGET_CHAR_PX / charPx));
  let out = sharp(straight.data, { raw: straight.info })
    .extract({ left: band.x, top: band.y, width: band.w, height: band.h })
    .resize(Math.max(1, Math.round(band.w * factor)), Math.max(1, Math.round(band.h * factor)))
    .grayscale()
    .normalize();
  if (line.light) out = out.negate({ alpha: false });
  return { png: await out.png().toBuffer(), crop: { left, top, width: cw, height: ch, angle, rotW, rotH, band, factor } };
}

/** A word box in the straightened, scaled crop → a box relative to the photo (the four corners turned back). */
function toPhoto(box: PixelBox, crop: Crop, width: number, height: number): RelativeBox {
  const rad = (crop.angle * Math.PI) / 180;
  const c = Math.cos(rad);
  const s = Math.sin(rad);
  const corners = [
    [box.x, box.y],
    [box.x + box.w, box.y],
    [box.x, box.y + box.h],
    [box.x + box.w, box.y + box.h],
  ].map(([x, y]) => {
    // Into the straightened crop, relative to its centre; turned back by the slant; into the photo.
    const u = x! / crop.factor + crop.band.x - crop.rotW / 2;
    const v = y! / crop.factor + crop.band.y - crop.rotH / 2;
    return [crop.left + crop.width / 2 + c * u - s * v, crop.top + crop.height / 2 + s * u + c * v] as const;
  });
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const x0 = Math.max(0, Math.min(...xs));
  const y0 = Math.max(0, Math.min(...ys));
  const x1 = Math.min(width, Math.max(...xs));
  const y1 = Math.min(height, Math.max(...ys));
  return { x: round4(x0 / width), y: round4(y0 / height), w: round4((x1 - x0) / width), h: round4((y1 - y0) / height) };
}

function relative(c: Crop, width: number, height: number): RelativeBox {
  return { x: round4(c.left / width), y: round4(c.top / height), w: round4(c.width / width), h: round4(c.height / height) };
}

function union(boxes: RelativeBox[]): RelativeBox | null {
  if (!boxes.length) return null;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: round4(x0), y: round4(y0), w: round4(x1 - x0), h: round4(y1 - y0) };
}
