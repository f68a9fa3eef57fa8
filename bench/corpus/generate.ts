/**
 * The engine benchmarks' corpus: phone-like 12-megapixel JPEGs whose GPS block is written by a real EXIF writer
 * (libvips through sharp's `withExif`), at known Miami-Dade places from the authored gazetteer, plus the same
 * pictures without GPS, and a manifest of what each file should be located as.
 *
 * Run: `npx tsx bench/corpus/generate.ts [--out DIR] [--width 4000] [--height 3000] [--limit N]`.
 * Output goes to bench/out/corpus/ (git-ignored); nothing here is committed but this script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
// A fixed pseudo-random sequence, so the corpus is the same on every machine.
import { mulberry32 } from '@vt/server/src/engine/geo/sampling';
import { getPlace, UNINCORPORATED, type GazetteerEntry } from '@vt/server/src/engine/geo/gazetteer';
import { containsPoint, distanceToPolygonsMeters, type IndexedPolygons } from '@vt/server/src/engine/geo/geometry';
import {
  loadHighResCounty,
  loadTigerPlaces,
  loadZillowNeighbourhoods,
} from '@vt/server/src/engine/test/shared-geodata';

export const BENCH_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const DEFAULT_CORPUS_DIR = join(BENCH_DIR, 'out', 'corpus');

/**
 * Gazetteer ids spread over municipalities, City of Miami and Miami Beach neighbourhoods, unincorporated places,
 * beaches, islands and the Everglades: the places a phone photo in the county is likely to come from, and the
 * coastal ones a land-clipped boundary gets wrong.
 */
export const CORPUS_PLACE_IDS = [
  // Beaches and islands (coastal tolerance of the county test).
  'cape-florida',
  'haulover-beach',
  'key-biscayne',
  'key-biscayne-beach',
  'fisher-island',
  'crandon-park',
  'star-island',
  'virginia-key',
  'lummus-park',
  'sunny-isles-pier',
  // Municipalities.
  'miami-beach',
  'homestead',
  'hialeah',
  'coral-gables',
  'doral',
  'aventura',
  'florida-city',
  'cutler-bay',
  'palmetto-bay',
  'pinecrest',
  'south-miami',
  'miami-gardens',
  'miami-lakes',
  'north-miami',
  'north-miami-beach',
  'surfside',
  'bal-harbour',
  'sweetwater',
  'opa-locka',
  'miami-springs',
  'west-miami',
  'north-bay-village',
  'bay-harbor-islands',
  'biscayne-park',
  'el-portal',
  'golden-beach',
  'hialeah-gardens',
  'indian-creek',
  'medley',
  'miami-shores',
  'virginia-gardens',
  // Neighbourhoods of Miami and Miami Beach.
  'brickell',
  'wynwood',
  'little-havana',
  'coconut-grove',
  'little-haiti',
  'allapattah',
  'south-beach',
  'north-beach',
  'mid-beach',
  'design-district',
  'edgewater',
  'overtown',
  'upper-eastside',
  'model-city',
  'flagami',
  'west-flagler',
  // Unincorporated places and the far south-west.
  'kendall',
  'westchester',
  'the-hammocks',
  'redland',
  'everglades-entrance',
] as const;

/** What the engine should say about one corpus file. */
export type ManifestEntry = {
  /** File name inside the corpus folder. */
  file: string;
  /** Gazetteer id the position was taken from. */
  placeId: string;
  placeName: string;
  kind: GazetteerEntry['kind'];
  /** The gazetteer position the photo's position was moved away from. */
  entryPosition: { lat: number; lng: number };
  /** How far the photo's position lies from the gazetteer position (0 where no moved point passed the checks). */
  jitterMeters: number;
  /** The position written into EXIF (null for the no-GPS copy). */
  gps: { lat: number; lng: number; accuracyMeters: number } | null;
  expected: {
    lat: number;
    lng: number;
    insideCoverage: true;
    /**
     * The gazetteer entry's municipality (or "Unincorporated Miami-Dade"); the moved point is only kept when the
     * Census TIGER polygons (../shared/data/geo) agree that it lies there.
     */
    municipality: string;
    /**
     * Only where the gazetteer entry is itself a neighbourhood (kept inside the Zillow polygon of that name where
     * one exists, else within 200 m); null = no neighbourhood expectation.
     */
    neighbourhood: string | null;
    /**
     * Other correct names for the neighbourhood: the Zillow reference polygons (City of Miami) that contain the
     * point, e.g. "South Coconut Grove" for a photo in Coconut Grove. Empty where none applies.
     */
    neighbourhoodAlso: string[];
  };
  make: string;
  model: string;
  takenAt: string;
  width: number;
  height: number;
  bytes: number;
};

export type Manifest = {
  generator: string;
  generatedAt: string;
  width: number;
  height: number;
  withGps: ManifestEntry[];
  withoutGps: ManifestEntry[];
};

/**
 * Photo-like pixels: a sky-to-ground gradient, mid-frequency texture, a few blocks like buildings and sensor-like
 * noise. Flat test cards compress to a few kilobytes and make decoding look cheap; this lands at 2–5 MB per
 * 12 MP JPEG at quality 90, like a phone's.
 */
export function synthesizePixels(width: number, height: number, seed: number): Buffer {
  const r = mulberry32(seed);
  const px = Buffer.alloc(width * height * 3);
  const sigma = 12;
  const noise = new Int8Array(1 << 20);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.round((r() + r() + r() - 1.5) * sigma * 1.4);
  const f1 = 0.002 + r() * 0.004;
  const f2 = 0.01 + r() * 0.02;
  const phase = r() * 6;
  const sky = [90 + r() * 60, 140 + r() * 60, 200 + r() * 50];
  const ground = [80 + r() * 60, 90 + r() * 50, 60 + r() * 40];
  const horizon = 0.35 + r() * 0.3;
  const blocks = Array.from({ length: 6 + Math.floor(r() * 10) }, () => {
    const w = width * (0.04 + r() * 0.15);
    const h = height * (0.1 + r() * 0.4);
    const x0 = r() * (width - w);
    const y1 = height * (horizon + r() * 0.2);
    return { x0, x1: x0 + w, y0: Math.max(0, y1 - h), y1, colour: [60 + r() * 180, 60 + r() * 180, 60 + r() * 180] };
  });
  let n = Math.floor(r() * 1e6);
  for (let y = 0; y < height; y++) {
    const v = y / height;
    const sy = Math.sin(y * f2 + phase);
    const rowBlocks = blocks.filter((b) => y >= b.y0 && y < b.y1);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const texture = 18 * Math.sin(x * f1 * 3 + phase) * sy + 10 * Math.sin((x + y) * f2 * 1.7);
      const block = rowBlocks.find((b) => x >= b.x0 && x < b.x1);
      for (let c = 0; c < 3; c++) {
        const base = block
          ? block.colour[c]!
          : v < horizon
            ? sky[c]! * (1 - v / horizon) + 230 * (v / horizon)
            : ground[c]!;
        px[i + c] = Math.max(0, Math.min(255, base + texture + noise[n++ & 0xfffff]!));
      }
    }
    // Jump within the noise table per row, so rows do not repeat visibly.
    n = (Math.imul(n, 1103515245) + 12345) >>> 0;
  }
  return px;
}

/** Degrees as EXIF's three unsigned rationals "d/1 m/1 s/10000" (seconds to 1e-4″ ≈ 3 mm). */
export function toDmsRationals(value: number): string {
  const abs = Math.abs(value);
  let d = Math.floor(abs);
  let m = Math.floor((abs - d) * 60);
  let s = Math.round(((abs - d) * 60 - m) * 60 * 10_000);
  if (s >= 60 * 10_000) {
    s -= 60 * 10_000;
    m += 1;
  }
  if (m >= 60) {
    m -= 60;
    d += 1;
  }
  return `${d}/1 ${m}/1 ${s}/10000`;
}

/** EXIF date "YYYY:MM:DD HH:MM:SS" of an ISO local time. */
const exifDate = (isoLocal: string) => isoLocal.replace('T', ' ').replace(/-/g, ':').slice(0, 19);

export type PhotoExif = {
  make: string;
  model: string;
  /** Local wall-clock time, "2024-03-05T14:22:10". */
  takenAt: string;
  gps: { lat: number; lng: number; accuracyMeters: number } | null;
};

/** Encodes raw RGB as a JPEG with camera, time and (optionally) a GPS IFD written by libvips' EXIF writer. */
export async function encodePhoto(
  pixels: Buffer,
  width: number,
  height: number,
  exif: PhotoExif,
  quality = 90,
): Promise<Buffer> {
  const ifd3: Record<string, string> = {};
  if (exif.gps) {
    const { lat, lng, accuracyMeters } = exif.gps;
    Object.assign(ifd3, {
      GPSVersionID: '2 3 0 0',
      GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
      GPSLatitude: toDmsRationals(lat),
      GPSLongitudeRef: lng >= 0 ? 'E' : 'W',
      GPSLongitude: toDmsRationals(lng),
      GPSHPositioningError: `${Math.round(accuracyMeters * 100)}/100`,
    });
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .withExif({
      IFD0: { Make: exif.make, Model: exif.model, Software: 'vt-bench corpus', DateTime: exifDate(exif.takenAt) },
      IFD2: { DateTimeOriginal: exifDate(exif.takenAt), DateTimeDigitized: exifDate(exif.takenAt) },
      ...(exif.gps ? { IFD3: ifd3 } : {}),
    })
    .toBuffer();
}

const PHONES: Array<[make: string, model: string]> = [
  ['Apple', 'iPhone 14 Pro'],
  ['Apple', 'iPhone 13'],
  ['samsung', 'SM-S911U'],
  ['Google', 'Pixel 8'],
];

/** Expected municipality and neighbourhood of a photo taken at `at`, near the gazetteer entry `entry`. */
export function expectedPlace(
  entry: GazetteerEntry,
  at: { lat: number; lng: number },
  zillowNames: string[] = [],
): ManifestEntry['expected'] {
  const neighbourhood = entry.kind === 'neighbourhood' ? entry.name : null;
  return {
    lat: at.lat,
    lng: at.lng,
    insideCoverage: true,
    municipality: entry.municipality,
    neighbourhood,
    neighbourhoodAlso: neighbourhood ? zillowNames.filter((n) => n !== neighbourhood) : [],
  };
}

/** Reference polygons from ../shared/data/geo, read at run time only. */
export type ReferenceGeo = {
  county: IndexedPolygons;
  incorporated: Array<{ name: string; index: IndexedPolygons }>;
  zillow: Array<{ name: string; index: IndexedPolygons }>;
};

export function loadReferenceGeo(): ReferenceGeo {
  return {
    county: loadHighResCounty(),
    incorporated: loadTigerPlaces().filter((p) => p.incorporated),
    zillow: loadZillowNeighbourhoods(),
  };
}

/** The land-clipped county file misses beaches and causeways; this close to it still counts as in the county. */
const COAST_TOLERANCE_M = 150;

/** Whether a photo at `p` keeps the entry's municipality (and neighbourhood) by the reference polygons. */
function keepsPlace(
  geo: ReferenceGeo,
  entry: GazetteerEntry,
  p: { lat: number; lng: number },
  movedM: number,
): boolean {
  const inCounty =
    containsPoint(geo.county, p.lng, p.lat) || distanceToPolygonsMeters(geo.county, p.lng, p.lat) <= COAST_TOLERANCE_M;
  if (!inCounty) return false;
  const cities = geo.incorporated.filter((c) => containsPoint(c.index, p.lng, p.lat)).map((c) => c.name);
  if (
    entry.municipality === UNINCORPORATED
      ? cities.length !== 0
      : cities.length !== 1 || cities[0] !== entry.municipality
  )
    return false;
  if (entry.kind === 'neighbourhood') {
    const poly = geo.zillow.find((z) => z.name === entry.name);
    return poly ? containsPoint(poly.index, p.lng, p.lat) : movedM <= 200;
  }
  return true;
}

/**
 * The photo's position: the gazetteer point moved 100–500 m in a seeded random direction, so the benchmark does
 * not hand the engine the exact coordinates of its own gazetteer. A move is kept only if the reference polygons
 * still put it in the same municipality (and neighbourhood); after failed tries the move shrinks, and at worst
 * the gazetteer point itself is used.
 */
export function photoPosition(
  geo: ReferenceGeo,
  entry: GazetteerEntry,
  r: () => number,
): { lat: number; lng: number; movedM: number } {
  const { lat, lng } = entry.position;
  for (let attempt = 0; attempt < 30; attempt++) {
    const scale = attempt < 10 ? 1 : attempt < 20 ? 0.5 : 0.2;
    const movedM = (100 + r() * 400) * scale;
    const bearing = r() * 2 * Math.PI;
    const p = {
      lat: Number((lat + (movedM * Math.cos(bearing)) / 111_320).toFixed(7)),
      lng: Number((lng + (movedM * Math.sin(bearing)) / (111_320 * Math.cos((lat * Math.PI) / 180))).toFixed(7)),
    };
    if (keepsPlace(geo, entry, p, movedM)) return { ...p, movedM: Math.round(movedM) };
  }
  return { lat, lng, movedM: 0 };
}

export type GenerateOptions = {
  outDir?: string;
  width?: number;
  height?: number;
  placeIds?: readonly string[];
  log?: (line: string) => void;
};

/** Writes `NN-<id>.gps.jpg` and `NN-<id>.nogps.jpg` per place plus manifest.json; returns the manifest. */
export async function generateCorpus(opts: GenerateOptions = {}): Promise<Manifest> {
  const outDir = opts.outDir ?? DEFAULT_CORPUS_DIR;
  const width = opts.width ?? 4000;
  const height = opts.height ?? 3000;
  const ids = opts.placeIds ?? CORPUS_PLACE_IDS;
  mkdirSync(outDir, { recursive: true });
  const geo = loadReferenceGeo();
  const manifest: Manifest = {
    generator: 'bench/corpus/generate.ts',
    generatedAt: new Date().toISOString(),
    width,
    height,
    withGps: [],
    withoutGps: [],
  };
  for (const [index, id] of ids.entries()) {
    const entry = getPlace(id);
    if (!entry) throw new Error(`corpus place ${id} is not in the gazetteer`);
    const seed = 1000 + index;
    const r = mulberry32(seed);
    const [make, model] = PHONES[index % PHONES.length]!;
    // Phones report 3–15 m outdoors; the value travels to the result's radius.
    const accuracyMeters = Math.round((3 + r() * 12) * 100) / 100;
    const day = 1 + Math.floor(r() * 28);
    const hour = 8 + Math.floor(r() * 11);
    const takenAt = `2024-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}`;
    const at = photoPosition(geo, entry, r);
    const zillowNames = geo.zillow.filter((z) => containsPoint(z.index, at.lng, at.lat)).map((z) => z.name);
    const pixels = synthesizePixels(width, height, seed);
    const stem = `${String(index + 1).padStart(2, '0')}-${id}`;
    for (const withGps of [true, false]) {
      const gps = withGps ? { lat: at.lat, lng: at.lng, accuracyMeters } : null;
      const jpeg = await encodePhoto(pixels, width, height, { make, model, takenAt, gps });
      const file = `${stem}.${withGps ? 'gps' : 'nogps'}.jpg`;
      writeFileSync(join(outDir, file), jpeg);
      (withGps ? manifest.withGps : manifest.withoutGps).push({
        file,
        placeId: id,
        placeName: entry.name,
        kind: entry.kind,
        entryPosition: { lat: entry.position.lat, lng: entry.position.lng },
        jitterMeters: at.movedM,
        gps,
        expected: expectedPlace(entry, at, zillowNames),
        make,
        model,
        takenAt,
        width,
        height,
        bytes: jpeg.length,
      });
    }
    opts.log?.(`${stem}: ${(manifest.withGps.at(-1)!.bytes / 1_048_576).toFixed(2)} MB`);
  }
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      width: { type: 'string' },
      height: { type: 'string' },
      limit: { type: 'string' },
    },
  });
  const started = performance.now();
  const manifest = await generateCorpus({
    outDir: values.out ? resolve(values.out) : undefined,
    width: values.width ? Number(values.width) : undefined,
    height: values.height ? Number(values.height) : undefined,
    placeIds: values.limit ? CORPUS_PLACE_IDS.slice(0, Number(values.limit)) : undefined,
    log: (line) => console.error(line),
  });
  const sizes = manifest.withGps.map((e) => e.bytes);
  console.log(
    JSON.stringify({
      name: 'corpus',
      outDir: values.out ? resolve(values.out) : DEFAULT_CORPUS_DIR,
      files: manifest.withGps.length + manifest.withoutGps.length,
      places: manifest.withGps.length,
      size: `${manifest.width}x${manifest.height}`,
      minMB: Number((Math.min(...sizes) / 1_048_576).toFixed(2)),
      maxMB: Number((Math.max(...sizes) / 1_048_576).toFixed(2)),
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
