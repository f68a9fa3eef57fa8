import sharp from 'sharp';

// Test images made at test time (nothing binary is kept in the repository).

/** Degrees as EXIF rationals: 25.7907 → "25/1 47/1 265200/10000" (degrees, minutes, seconds); the sign goes in Ref. */
export const exifDegrees = (value: number) => {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 60 * 10000);
  return `${d}/1 ${m}/1 ${s}/10000`;
};

/** An EXIF GPS block (IFD3) for a point, with the fix's accuracy when given (GPSHPositioningError, metres). */
export function exifGps(p: { lat: number; lng: number }, accuracyM?: number): Record<string, string> {
  const gps: Record<string, string> = {
    GPSLatitudeRef: p.lat >= 0 ? 'N' : 'S',
    GPSLatitude: exifDegrees(p.lat),
    GPSLongitudeRef: p.lng >= 0 ? 'E' : 'W',
    GPSLongitude: exifDegrees(p.lng),
  };
  if (accuracyM !== undefined) gps.GPSHPositioningError = `${Math.round(accuracyM * 100)}/100`;
  return gps;
}

/** A JPEG carrying EXIF GPS written by libvips' EXIF writer, as a phone would. */
export async function gpsJpeg(
  lat: number,
  lng: number,
  opts: { accuracyM?: number; width?: number; height?: number } = {},
): Promise<Buffer> {
  return sharp({ create: { width: opts.width ?? 640, height: opts.height ?? 480, channels: 3, background: '#3a6f8f' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'GPS 1' }, IFD3: exifGps({ lat, lng }, opts.accuracyM) })
    .toBuffer();
}

/**
 * A phone JPEG with camera (make, model, serial), time taken with its UTC offset, and a GPS fix when given, written
 * by libvips' EXIF writer. Random noise: every photo looks different, so the gallery recognises none in another.
 */
export async function phonePhoto(
  taken: string,
  position?: { lat: number; lng: number },
  opts: { make?: string; model?: string; serial?: string; offset?: string; accuracyM?: number } = {},
): Promise<Buffer> {
  const exif: Record<string, Record<string, string>> = {
    IFD0: { Make: opts.make ?? 'TestPhone', Model: opts.model ?? 'T 1' },
    IFD2: {
      DateTimeOriginal: taken,
      OffsetTimeOriginal: opts.offset ?? '-04:00',
      BodySerialNumber: opts.serial ?? 'SN-7',
    },
  };
  if (position) exif.IFD3 = exifGps(position, opts.accuracyM ?? 8);
  return sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg()
    .withExif(exif)
    .toBuffer();
}

export async function plainJpeg(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#804020' } })
    .jpeg()
    .toBuffer();
}

/**
 * A valid PNG header claiming width × height pixels with a tiny (invalid) image body: the decompression bomb's
 * shape without allocating its pixels.
 */
export function hugePngHeader(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
