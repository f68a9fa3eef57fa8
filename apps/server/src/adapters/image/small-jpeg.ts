import sharp from 'sharp';

/** A small JPEG and its size in pixels. */
export type SmallJpeg = { bytes: Buffer; width: number; height: number };

/** A region of an image in pixels. */
export type PixelRegion = { left: number; top: number; width: number; height: number };

/**
 * An image decoded once, from which small JPEGs are cut and reduced (the evidence report's photo, crops and
 * thumbnails). Every JPEG is a fresh encode of pixels only: sharp writes no metadata unless asked to, so nothing of
 * the input's EXIF, XMP or ICC travels (R-PRIVACY-1).
 */
export class DecodedImage {
  private constructor(
    private readonly pixels: Buffer,
    readonly width: number,
    readonly height: number,
    private readonly channels: 1 | 2 | 3 | 4,
  ) {}

  /** Decodes a stored image (WebP, JPEG, PNG); throws when it does not decode. */
  static async open(input: Buffer): Promise<DecodedImage> {
    // 8-bit sRGB without alpha: a JPEG has no transparency, and an alpha channel would turn black on the way.
    const { data, info } = await sharp(input, { failOn: 'truncated' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return new DecodedImage(data, info.width, info.height, info.channels);
  }

  /**
   * A JPEG of `region` (the whole image when absent) fitted inside `box` pixels; `enlarge` lets a small region grow
   * to that size (a line of text a few pixels tall, shown at a readable height).
   */
  async jpeg(opts: {
    region?: PixelRegion;
    box: { width: number; height: number };
    enlarge?: boolean;
    quality?: number;
  }): Promise<SmallJpeg> {
    let image = sharp(this.pixels, { raw: { width: this.width, height: this.height, channels: this.channels } });
    if (opts.region) image = image.extract(opts.region);
    const { data, info } = await image
      .resize(opts.box.width, opts.box.height, { fit: 'inside', withoutEnlargement: !opts.enlarge })
      .jpeg({ quality: opts.quality ?? 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  }
}
