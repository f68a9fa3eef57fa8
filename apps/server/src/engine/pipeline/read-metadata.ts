import exifr from 'exifr';
import type { PhotoMetadata } from '@vt/shared';
import { readGps, type GpsReadResult } from '../metadata/gps';

/** Only the blocks needed for camera and time; GPS is read (and validated) by engine/metadata/gps.ts. */
const EXIFR_OPTIONS = {
  tiff: true,
  exif: true,
  gps: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  translateValues: false,
  reviveValues: true,
  mergeOutput: false,
} as const;

/** The stored metadata's GPS reading, typed (it is stored as plain JSON). */
export const gpsReadingOf = (metadata: PhotoMetadata): GpsReadResult | null => metadata.gps as GpsReadResult | null;

/**
 * Reads the photo's own metadata: camera, time taken, orientation and the validated GPS reading. Broken
 * EXIF is common in the wild and must not fail the analysis: the error is recorded and the photo is
 * analysed without it.
 */
export async function readPhotoMetadata(original: Buffer): Promise<PhotoMetadata> {
  const [tags, gps] = await Promise.all([
    exifr.parse(original, EXIFR_OPTIONS).then(
      (out: Record<string, Record<string, unknown> | undefined> | undefined) => ({ out, error: null }),
      (error: unknown) => ({ out: undefined, error: error instanceof Error ? error.message : String(error) }),
    ),
    readGps(original),
  ]);
  const ifd0 = tags.out?.ifd0 ?? {};
  const exif = tags.out?.exif ?? {};
  const taken = exif.DateTimeOriginal ?? exif.CreateDate ?? ifd0.ModifyDate;
  const gpsTaken = gps.status !== 'unreadable' ? gps.takenAt : undefined;
  return {
    // The GPS reader knows the camera's UTC offset when there is one; otherwise the wall-clock time as UTC.
    takenAt: gpsTaken?.iso ?? (taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken.toISOString() : null),
    make: typeof ifd0.Make === 'string' ? ifd0.Make.trim() : null,
    model: typeof ifd0.Model === 'string' ? ifd0.Model.trim() : null,
    orientation: typeof ifd0.Orientation === 'number' ? ifd0.Orientation : null,
    gps: JSON.parse(JSON.stringify(gps)) as Record<string, unknown>,
    readError: tags.error,
  };
}
