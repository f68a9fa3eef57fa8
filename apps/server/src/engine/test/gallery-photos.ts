import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SHARED_DATA_DIR } from './shared-geodata';

/**
 * Real camera photos from ../shared/data/images for the gallery's tests and benchmark: distinct scenes, large
 * enough to hold detail (the tiny metadata fixtures, the fuzzed duplicates of one picture and two nearly flat
 * images in which ORB finds no keypoint, 001.tif and 67-0_length_string.jpg, are left out).
 */
export const GALLERY_PHOTOS = [
  'parser-samples/with-gps/mdx_Samsung_SM-N900A.jpg',
  'parser-samples/with-gps/mdx_Apple_iPhone_5.jpg',
  'parser-samples/with-gps/DSCN0010.jpg',
  'parser-samples/with-gps/IMG_20180725_163423-tiny.jpg',
  'parser-samples/gps-edge-cases/immich_empty_gps.jpg',
  'parser-samples/gps-edge-cases/mdx_Issue_308_gps_0_0.jpg',
  'parser-samples/gps-edge-cases/mdx_Samsung_GT-I9000_gps_0_0.jpg',
  'parser-samples/gps-edge-cases/exifr_issue-3_DJI_FLIR.jpg',
  'parser-samples/gps-edge-cases/mdx_FLIR_iPhone_positive_lon_missing_ref.jpg',
  'parser-samples/without-gps/webpvp8x.webp',
  'parser-samples/without-gps/8bit-sRGB.avif',
  'parser-samples/without-gps/landscape_6.jpg',
  'parser-samples/without-gps/img_1771_no_exif.jpg',
  'parser-samples/without-gps/denali.webp',
  'parser-samples/without-gps/no_exif.jpg',
  'parser-samples/without-gps/Alpha Lossy (1).webp',
  'malformed/exifr/broken1.jpg',
  'malformed/ianare-exif-samples/30-type_error.jpg',
  'malformed/ianare-exif-samples/33-type_error.jpg',
  'malformed/ianare-exif-samples/35-empty.jpg',
  'malformed/ianare-exif-samples/36-memory_error.jpg',
  'malformed/ianare-exif-samples/42_IndexError.jpg',
  'malformed/ianare-exif-samples/87_OSError.jpg',
] as const;

export function readGalleryPhoto(name: string): Buffer {
  return readFileSync(join(SHARED_DATA_DIR, 'images', name));
}

/** A photo as a plain JPEG of at most `side` pixels (orientation applied, metadata gone): the "original". */
export async function normalisedPhoto(name: string, side = 1600): Promise<Buffer> {
  return sharp(readGalleryPhoto(name), { failOn: 'none' })
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export type Transform = {
  /** Share of each side kept, and where the kept window starts (0–1 of the slack). */
  crop?: { keep: number; x: number; y: number };
  rotateDeg?: number;
  /** Long side after resizing, in pixels. */
  resizeTo?: number;
  jpegQuality?: number;
  colour?: { brightness: number; saturation: number; hue: number };
  text?: string;
};

/**
 * Applies a transform as someone re-sharing a photo would: rotate (the empty corners cropped away), crop, colour,
 * a caption, resize, recompress.
 */
export async function transformPhoto(image: Buffer, t: Transform): Promise<Buffer> {
  let img = sharp(image, { failOn: 'none' }).rotate();
  let { width = 0, height = 0 } = await img.metadata();
  if (t.rotateDeg) {
    const rad = (Math.abs(t.rotateDeg) * Math.PI) / 180;
    const rotated = await img.rotate(t.rotateDeg, { background: '#000000' }).toBuffer({ resolveWithObject: true });
    // The largest centred axis-aligned window of the original's proportions that holds no empty corner.
    const scale = 1 / (Math.cos(rad) + Math.sin(rad) * Math.max(width / height, height / width));
    const w = Math.floor(width * scale);
    const h = Math.floor(height * scale);
    img = sharp(rotated.data).extract({
      left: Math.floor((rotated.info.width - w) / 2),
      top: Math.floor((rotated.info.height - h) / 2),
      width: w,
      height: h,
    });
    img = sharp(await img.toBuffer());
    width = w;
    height = h;
  }
  if (t.crop) {
    const w = Math.max(16, Math.floor(width * t.crop.keep));
    const h = Math.max(16, Math.floor(height * t.crop.keep));
    img = sharp(
      await img
        .extract({
          left: Math.floor((width - w) * t.crop.x),
          top: Math.floor((height - h) * t.crop.y),
          width: w,
          height: h,
        })
        .toBuffer(),
    );
    width = w;
    height = h;
  }
  if (t.colour)
    img = img.modulate({ brightness: t.colour.brightness, saturation: t.colour.saturation, hue: t.colour.hue });
  if (t.text) {
    const size = Math.round(height / 12);
    const svg = `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg"><text x="${Math.round(width * 0.05)}" y="${Math.round(height * 0.9)}" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="#ffffff" stroke="#000000" stroke-width="${Math.max(1, size / 16)}">${t.text.replace(/[<&>]/g, '')}</text></svg>`;
    img = sharp(await img.composite([{ input: Buffer.from(svg) }]).toBuffer());
  }
  if (t.resizeTo) img = img.resize(t.resizeTo, t.resizeTo, { fit: 'inside' });
  return img.jpeg({ quality: t.jpegQuality ?? 85 }).toBuffer();
}
