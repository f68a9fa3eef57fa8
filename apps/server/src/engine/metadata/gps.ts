/**
 * Reads the GPS position a camera wrote into a photo (EXIF GPS IFD, or XMP exif:GPS* as a fallback) with
 * exifr, and says plainly when it cannot be trusted. Never throws: every outcome is a value.
 *
 * Decisions, from the sample files in ../shared/data/images:
 * - A GPS block that holds only GPSVersionID (many cameras write one with no fix, e.g. Canon 40D) is "absent":
 *   it claims no position. A block whose latitude/longitude tags exist but carry no numbers (moto g(9) plus)
 *   is "rejected: empty-gps-block".
 * - 0,0 is "null island": the placeholder of a receiver without a fix, rejected.
 * - EXIF stores unsigned degrees; the hemisphere comes only from GPSLatitudeRef/GPSLongitudeRef. Without a
 *   ref the sign is unknown (a west longitude would read as east), so a missing ref is rejected, and so is a
 *   ref that is not N/S (latitude) or E/W (longitude).
 * - Whole-degree coordinates are kept (status ok) with precision "integer-degrees": a coarse but honest value.
 * - WebP is read by taking its EXIF chunk out of the RIFF container, which exifr does not open itself.
 */
import exifr from 'exifr';
import type { LatLng } from '../geo/geometry';

export type GpsRejectReason =
  'null-island' | 'missing-hemisphere-ref' | 'wrong-hemisphere-ref' | 'impossible-value' | 'empty-gps-block';

export type GpsUnreadableReason = 'not-a-buffer' | 'empty-input' | 'unknown-format' | 'parse-error' | 'timeout';

export type GpsPrecision = 'full' | 'integer-degrees';

export interface TakenAt {
  /** Wall-clock time as the camera wrote it, ISO without zone: "2019-10-20T18:34:30". */
  local: string;
  /** The camera's UTC offset ("+02:00") from OffsetTimeOriginal/OffsetTime, when present. */
  offset?: string;
  /** The instant, when the offset is known. */
  iso?: string;
}

export interface GpsOk {
  status: 'ok';
  position: LatLng;
  source: 'exif' | 'xmp';
  /** GPSHPositioningError: horizontal error radius in metres. */
  accuracyMeters?: number;
  /** GPSImgDirection in degrees, with its reference (true or magnetic north). */
  directionDegrees?: number;
  directionRef?: 'true' | 'magnetic';
  /** Metres above (negative: below) sea level. */
  altitudeMeters?: number;
  takenAt?: TakenAt;
  /** The camera body's serial number (EXIF BodySerialNumber, or DNG CameraSerialNumber), when written. */
  bodySerial?: string;
  precision: GpsPrecision;
  notes: string[];
}

export type GpsReadResult =
  | GpsOk
  | { status: 'absent'; takenAt?: TakenAt; bodySerial?: string }
  | { status: 'rejected'; reason: GpsRejectReason; detail: string; takenAt?: TakenAt; bodySerial?: string }
  | { status: 'unreadable'; reason: GpsUnreadableReason; detail: string };

const EXIFR_OPTIONS = {
  tiff: true,
  ifd0: {},
  exif: true,
  gps: true,
  xmp: true,
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  reviveValues: false,
  translateValues: false,
  translateKeys: true,
  mergeOutput: false,
  silentErrors: true,
  sanitize: true,
};

const PARSE_TIMEOUT_MS = 2000;

type Raw = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------
// Value helpers: exifr hands back numbers, arrays, typed arrays or strings depending on the tag type.

function firstNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const first = (v as ArrayLike<unknown>)[0];
    return typeof first === 'number' ? first : undefined;
  }
  if (v && typeof v === 'object' && '0' in v) return firstNumber((v as Record<string, unknown>)['0']);
  return undefined;
}

function asText(v: unknown): string | undefined {
  if (typeof v === 'string') return v.replace(/\0+$/g, '').trim();
  if (ArrayBuffer.isView(v))
    return Buffer.from((v as Uint8Array).buffer, (v as Uint8Array).byteOffset, (v as Uint8Array).byteLength)
      .toString('latin1')
      .replace(/\0+$/g, '')
      .trim();
  return undefined;
}

/** Degrees from [d, m, s] (EXIF rationals) or one number; undefined when nothing numeric is there. */
function dmsValue(v: unknown): { value: number; parts: number[] } | undefined {
  if (typeof v === 'number') return { value: v, parts: [v] };
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const parts = Array.from(v as ArrayLike<unknown>);
    if (parts.length === 0 || parts.some((p) => typeof p !== 'number')) return undefined;
    const [d = 0, m = 0, s = 0] = parts as number[];
    return { value: d + m / 60 + s / 3600, parts: parts as number[] };
  }
  return undefined;
}

/** XMP form "25,46.44N" or "25,46,26N" (the hemisphere letter is part of the value). */
function xmpCoordinate(v: unknown): { value: number; ref: string } | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)(?:,(\d+(?:\.\d+)?))?(?:,(\d+(?:\.\d+)?))?\s*([NSEW])\s*$/i.exec(v);
  if (!m) return undefined;
  const value = Number(m[1]) + (m[2] ? Number(m[2]) / 60 : 0) + (m[3] ? Number(m[3]) / 3600 : 0);
  return { value, ref: m[4]!.toUpperCase() };
}

function hasAnyValue(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  // exifr reads a 0/0 rational (what an empty GPS fix writes) as NaN: that is no value, not a bad one.
  if (typeof v === 'number') return !Number.isNaN(v);
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v) || ArrayBuffer.isView(v))
    return Array.from(v as ArrayLike<unknown>).some((x) => typeof x === 'number' && !Number.isNaN(x));
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Time taken

function exifDateToIso(v: unknown): string | undefined {
  const text = asText(v);
  if (!text) return undefined;
  const m = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!m || m[1] === '0000') return undefined;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`;
}

function takenAtFrom(exif: Raw | undefined, ifd0: Raw | undefined): TakenAt | undefined {
  const local =
    exifDateToIso(exif?.DateTimeOriginal) ?? exifDateToIso(exif?.CreateDate) ?? exifDateToIso(ifd0?.ModifyDate);
  if (!local) return undefined;
  const rawOffset = asText(exif?.OffsetTimeOriginal) ?? asText(exif?.OffsetTime);
  const offset = rawOffset && /^[+-]\d{2}:\d{2}$/.test(rawOffset) ? rawOffset : undefined;
  if (!offset) return { local };
  const instant = new Date(`${local}${offset}`);
  return Number.isNaN(instant.getTime()) ? { local, offset } : { local, offset, iso: instant.toISOString() };
}

// ---------------------------------------------------------------------------------------------------------
// Validation of a raw GPS block (pure; exported for tests and for other readers)

export type GpsValidation =
  | { status: 'ok'; position: LatLng; precision: GpsPrecision; notes: string[] }
  | { status: 'absent' }
  | { status: 'rejected'; reason: GpsRejectReason; detail: string };

/** Checks GPSLatitude/GPSLongitude and their refs as exifr reads them (reviveValues off). */
export function validateGpsBlock(gps: Raw | undefined | null): GpsValidation {
  if (!gps) return { status: 'absent' };
  const latTag = gps.GPSLatitude;
  const lngTag = gps.GPSLongitude;
  if (latTag === undefined && lngTag === undefined) return { status: 'absent' };
  if (!hasAnyValue(latTag) || !hasAnyValue(lngTag)) {
    return {
      status: 'rejected',
      reason: 'empty-gps-block',
      detail: 'The GPS block has latitude/longitude tags without values.',
    };
  }

  const xLat = xmpCoordinate(latTag);
  const xLng = xmpCoordinate(lngTag);
  const lat = xLat ? { value: xLat.value, parts: [xLat.value] } : dmsValue(latTag);
  const lng = xLng ? { value: xLng.value, parts: [xLng.value] } : dmsValue(lngTag);
  if (!lat || !lng) {
    return {
      status: 'rejected',
      reason: 'empty-gps-block',
      detail: 'The GPS latitude/longitude could not be read as numbers.',
    };
  }
  const latRef = (xLat?.ref ?? asText(gps.GPSLatitudeRef) ?? '').toUpperCase();
  const lngRef = (xLng?.ref ?? asText(gps.GPSLongitudeRef) ?? '').toUpperCase();

  const parts = [...lat.parts, ...lng.parts];
  if (
    parts.some((p) => !Number.isFinite(p) || p < 0) ||
    lat.parts.slice(1).some((p) => p >= 60) ||
    lng.parts.slice(1).some((p) => p >= 60)
  ) {
    return {
      status: 'rejected',
      reason: 'impossible-value',
      detail: `Impossible degree/minute/second values: ${JSON.stringify(parts)}.`,
    };
  }
  if (lat.value > 90 || lng.value > 180) {
    return {
      status: 'rejected',
      reason: 'impossible-value',
      detail: `Latitude ${lat.value} or longitude ${lng.value} is out of range.`,
    };
  }
  if (lat.value === 0 && lng.value === 0) {
    return {
      status: 'rejected',
      reason: 'null-island',
      detail: 'The GPS position is 0,0 ("null island"), the placeholder of a receiver without a fix.',
    };
  }
  if (!latRef || !lngRef) {
    return {
      status: 'rejected',
      reason: 'missing-hemisphere-ref',
      detail: `GPS${!latRef ? 'Latitude' : 'Longitude'}Ref is missing, so the hemisphere (sign) of the position is unknown.`,
    };
  }
  if (!/^[NS]$/.test(latRef[0]!) || !/^[EW]$/.test(lngRef[0]!)) {
    return {
      status: 'rejected',
      reason: 'wrong-hemisphere-ref',
      detail: `Hemisphere references "${latRef}"/"${lngRef}" are not N/S and E/W.`,
    };
  }

  const position = {
    lat: latRef[0] === 'S' ? -lat.value : lat.value,
    lng: lngRef[0] === 'W' ? -lng.value : lng.value,
  };
  const notes: string[] = [];
  let precision: GpsPrecision = 'full';
  if (Number.isInteger(lat.value) && Number.isInteger(lng.value)) {
    precision = 'integer-degrees';
    notes.push('Whole-degree coordinates: the position is only good to about 100 km.');
  }
  return { status: 'ok', position, precision, notes };
}

// ---------------------------------------------------------------------------------------------------------
// Container helpers

function isWebP(buf: Uint8Array): boolean {
  return (
    buf.length >= 12 &&
    Buffer.from(buf.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(buf.subarray(8, 12)).toString('latin1') === 'WEBP'
  );
}

/** The EXIF chunk of a WebP file, as a TIFF buffer (without the optional "Exif\0\0" prefix). */
export function webpExifChunk(buf: Uint8Array): Uint8Array | undefined {
  let offset = 12;
  while (offset + 8 <= buf.length) {
    const id = Buffer.from(buf.subarray(offset, offset + 4)).toString('latin1');
    const size = buf[offset + 4]! | (buf[offset + 5]! << 8) | (buf[offset + 6]! << 16) | (buf[offset + 7]! << 24);
    if (size < 0 || offset + 8 + size > buf.length) return undefined;
    if (id === 'EXIF') {
      const data = buf.subarray(offset + 8, offset + 8 + size);
      const prefixed = data.length > 6 && Buffer.from(data.subarray(0, 6)).toString('latin1') === 'Exif\0\0';
      return prefixed ? data.subarray(6) : data;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

async function parseWithTimeout(input: Uint8Array): Promise<Raw | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('metadata parse timed out'), { code: 'TIMEOUT' })),
      PARSE_TIMEOUT_MS,
    );
  });
  try {
    return (await Promise.race([
      exifr.parse(Buffer.from(input.buffer, input.byteOffset, input.byteLength), EXIFR_OPTIONS),
      timeout,
    ])) as Raw | undefined;
  } finally {
    clearTimeout(timer);
  }
}

function numberTag(v: unknown): number | undefined {
  const n = firstNumber(v);
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

// ---------------------------------------------------------------------------------------------------------

/** Reads and validates the GPS position of an image held in memory. Never throws. */
export async function readGps(input: unknown): Promise<GpsReadResult> {
  if (!(input instanceof Uint8Array))
    return { status: 'unreadable', reason: 'not-a-buffer', detail: 'Expected the image bytes as a Buffer.' };
  if (input.length === 0) return { status: 'unreadable', reason: 'empty-input', detail: 'The file is empty.' };

  let raw: Raw | undefined;
  try {
    let bytes: Uint8Array = input;
    if (isWebP(input)) {
      const chunk = webpExifChunk(input);
      if (!chunk) return { status: 'absent' };
      bytes = chunk;
    }
    raw = await parseWithTimeout(bytes);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if ((err as { code?: unknown })?.code === 'TIMEOUT')
      return { status: 'unreadable', reason: 'timeout', detail: message };
    if (/unknown file format/i.test(message))
      return { status: 'unreadable', reason: 'unknown-format', detail: 'Not an image format with readable metadata.' };
    return { status: 'unreadable', reason: 'parse-error', detail: message };
  }

  try {
    if (!raw) return { status: 'absent' };
    const asObject = (v: unknown): Raw | undefined =>
      v && typeof v === 'object' && !ArrayBuffer.isView(v) ? (v as Raw) : undefined;
    const gps = asObject(raw.gps);
    const exif = asObject(raw.exif);
    const ifd0 = asObject(raw.ifd0);
    const takenAt = takenAtFrom(exif, ifd0);
    // exifr names EXIF 0xA431 (BodySerialNumber) "SerialNumber"; the sequence locator tells two bodies apart by it.
    const bodySerial = asText(exif?.SerialNumber) || asText(exif?.BodySerialNumber) || asText(ifd0?.CameraSerialNumber);
    const withTime = <T extends object>(r: T): T & { takenAt?: TakenAt; bodySerial?: string } => ({
      ...r,
      ...(takenAt ? { takenAt } : {}),
      ...(bodySerial ? { bodySerial } : {}),
    });

    // EXIF first; XMP's exif:GPSLatitude ("25,46.44N") lands in the same `exif` namespace object.
    let source: 'exif' | 'xmp' = 'exif';
    let block = gps;
    let check = validateGpsBlock(block);
    if (check.status === 'absent' && exif && typeof exif.GPSLatitude === 'string') {
      source = 'xmp';
      block = exif;
      check = validateGpsBlock(block);
    }
    if (check.status !== 'ok') return withTime(check);

    const g = block ?? {};
    const result: GpsOk = {
      status: 'ok',
      position: check.position,
      source,
      precision: check.precision,
      notes: check.notes,
    };
    const accuracy = numberTag(g.GPSHPositioningError);
    if (accuracy !== undefined && accuracy >= 0) result.accuracyMeters = accuracy;
    const direction = numberTag(g.GPSImgDirection);
    if (direction !== undefined && direction >= 0 && direction < 360.0001) {
      result.directionDegrees = direction;
      const ref = asText(g.GPSImgDirectionRef)?.toUpperCase();
      if (ref === 'T' || ref === 'M') result.directionRef = ref === 'T' ? 'true' : 'magnetic';
    }
    const altitude = numberTag(g.GPSAltitude);
    if (altitude !== undefined) result.altitudeMeters = numberTag(g.GPSAltitudeRef) === 1 ? -altitude : altitude;
    if (takenAt) result.takenAt = takenAt;
    if (bodySerial) result.bodySerial = bodySerial;
    return result;
  } catch (err) {
    return { status: 'unreadable', reason: 'parse-error', detail: err instanceof Error ? err.message : String(err) };
  }
}
