/**
 * Trip throughput through the real upload path (issue 15): a 200-photo trip of 12-megapixel JPEGs, every photo with
 * its GPS, sent as the app's browser client sends it — POST /api/trips, then its photos in batches of the trip's
 * maxFilesPerRequest, two requests at a time (features/trips/uploader.ts) — to the real server in its own process
 * (npm start's Node flags), and watched on the trip's own Server-Sent Events stream until every photo is placed, then
 * until every analysis is done (its stored images made: a trip's photos are placed first, R-TRIP-10). Target: ≥ 4
 * photos/s on this machine, from the first byte sent to the last photo placed. Prints figures; never passes or fails
 * on time.
 *
 * The photos are made at run time from real camera photos in ../shared/data (a Galaxy Note 3 and an iPhone 5 photo,
 * each photo its own crop, resized to 4000 × 3000 and re-encoded at quality 88 with EXIF written by sharp's withExif:
 * make, model, DateTimeOriginal with OffsetTimeOriginal, and a GPS fix along SW 8 Street every 15 s at driving pace).
 * They are kept in bench/out/trips-12mp/ (git-ignored) for the next run.
 *
 * Run: `npm run bench:trips:throughput [-- --photos 200 --db disk|memory|postgres://… --parallel 2 --out FILE]`;
 * writes bench/results/trips-throughput.json unless --out names another file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { TripEnvelopeSchema, TripStreamMessageSchema, type TripPhoto } from '@vt/shared';
import { gridPoint } from '@vt/server/src/engine/geo/grid';
import { mulberry32 } from '@vt/server/src/engine/geo/sampling';
import { SHARED_DATA_DIR } from '@vt/server/src/engine/test/shared-geodata';
import { exifGps } from '@vt/server/src/modules/analyses/photos.fixtures';
import type { TestBrowser } from '@vt/server/src/test/browser';
import { readSse } from '@vt/server/src/test/sse';
import { BENCH_DIR } from '../corpus/generate';
import { NOTE_SHARED_MACHINE, dbChoice, machine, startServerProcess, stats, writeResult } from '../engine/harness';

const { values: args } = parseArgs({
  options: {
    photos: { type: 'string', default: '200' },
    db: { type: 'string' },
    parallel: { type: 'string', default: '2' },
    out: { type: 'string' },
  },
});
const COUNT = Number(args.photos);
const PARALLEL = Math.max(1, Number(args.parallel));
const TARGET_PHOTOS_PER_S = 4;
const WIDTH = 4000;
const HEIGHT = 3000;
const GENERATOR = 'trips-12mp-v1';

type Shot = { file: string; name: string; lat: number; lng: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** The trip's photos on disk, made once (same seed, same photos) and reused while the generator is unchanged. */
async function photos(count: number): Promise<Shot[]> {
  const dir = join(BENCH_DIR, 'out', 'trips-12mp');
  const manifestFile = join(dir, 'manifest.json');
  if (existsSync(manifestFile)) {
    const m = JSON.parse(readFileSync(manifestFile, 'utf8')) as { generator: string; shots: Shot[] };
    if (m.generator === GENERATOR && m.shots.length >= count && m.shots.every((s) => existsSync(s.file)))
      return m.shots.slice(0, count);
  }
  mkdirSync(dir, { recursive: true });
  const sources = [
    readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/mdx_Samsung_SM-N900A.jpg')),
    readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/mdx_Apple_iPhone_5.jpg')),
  ];
  const sizes = await Promise.all(sources.map((s) => sharp(s).metadata()));
  const rand = mulberry32(2026);
  // A drive west along SW 8 Street (Calle Ocho) from SW 12 Avenue, a photo every 15 s at about 11 m/s.
  const start = gridPoint(-8, 12);
  const end = gridPoint(-8, 57);
  const shots: Shot[] = [];
  console.error(`making ${count} photos of ${WIDTH} × ${HEIGHT} in ${dir}…`);
  for (let i = 0; i < count; i++) {
    const f = i / Math.max(1, count - 1);
    const lat = start.lat + f * (end.lat - start.lat);
    const lng = start.lng + f * (end.lng - start.lng);
    const at = new Date(Date.UTC(2025, 2, 8, 14, 0, 0) + i * 15_000 - 4 * 3_600_000);
    const taken = `${at.getUTCFullYear()}:${pad(at.getUTCMonth() + 1)}:${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
    const k = i % sources.length;
    const { width = 0, height = 0 } = sizes[k]!;
    // Its own crop of a real photo (60–100 % of it), so no two photos are the same picture.
    const share = 0.6 + rand() * 0.4;
    const w = Math.round(width * share);
    const h = Math.round(Math.min(height, (w * 3) / 4));
    const left = Math.floor(rand() * (width - w + 1));
    const top = Math.floor(rand() * (height - h + 1));
    const file = join(dir, `IMG_${String(7001 + i)}.jpg`);
    await sharp(sources[k]!)
      .extract({ left, top, width: w, height: h })
      .resize(WIDTH, HEIGHT, { fit: 'cover' })
      .jpeg({ quality: 88 })
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 13' },
        IFD2: { DateTimeOriginal: taken, OffsetTimeOriginal: '-04:00' },
        IFD3: exifGps({ lat, lng }, 5),
      })
      .toFile(file);
    shots.push({ file, name: `IMG_${String(7001 + i)}.jpg`, lat, lng });
  }
  writeFileSync(manifestFile, JSON.stringify({ generator: GENERATOR, shots }, null, 2));
  return shots;
}

/** The trip's stream, read as it arrives: when each photo was first seen placed (ms since `t0`). */
function watch(browser: TestBrowser, tripId: string, t0: () => number) {
  const placedAt = new Map<string, number>();
  const last = new Map<string, TripPhoto>();
  const abort = new AbortController();
  const see = (p: TripPhoto) => {
    last.set(p.analysisId, p);
    if (p.state === 'placed' && !placedAt.has(p.analysisId)) placedAt.set(p.analysisId, performance.now() - t0());
  };
  const done = (async () => {
    const response = await browser.fetch(`/api/trips/${tripId}/events`, { signal: abort.signal });
    const stream = readSse<unknown>(response, 0, (data) => {
      const m = TripStreamMessageSchema.parse(data);
      if (m.type === 'snapshot') m.trip.photos.forEach(see);
      if (m.type === 'photo') see(m.photo);
    });
    await stream.finished.catch(() => {});
  })();
  return { placedAt, last, stop: () => abort.abort(), done };
}

async function sendBatch(browser: TestBrowser, tripId: string, batch: readonly Shot[]) {
  const form = new FormData();
  for (const s of batch) form.append('photo', new Blob([readFileSync(s.file)]), s.name);
  const response = await browser.fetch(`/api/trips/${tripId}/photos`, {
    method: 'POST',
    body: form,
    headers: { origin: new URL(browser.baseUrl).origin },
  });
  const body = (await response.json()) as { accepted?: unknown[]; refused?: unknown[] };
  if (response.status !== 202 || body.refused?.length)
    throw new Error(`batch refused: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.accepted!.length;
}

const shots = await photos(COUNT);
const bytes = shots.reduce((n, s) => n + readFileSync(s.file).length, 0);
const db = dbChoice(args.db);
// The bench user has no access code: the default tier's limits, raised to what a code with trips would allow.
const server = await startServerProcess(db, { DEFAULT_IMAGES_PER_INSTANCE: '10', UPLOAD_MAX_FILES: '10' });
try {
  const created = await server.browser.api('/api/trips', { method: 'POST', body: { name: 'Throughput' } });
  const trip = TripEnvelopeSchema.parse(created.body).trip;
  let start = 0;
  const stream = watch(server.browser, trip.id, () => start);
  await new Promise((r) => setTimeout(r, 300));

  start = performance.now();
  const startedAt = Date.now();
  const batches: Shot[][] = [];
  for (let i = 0; i < shots.length; i += trip.maxFilesPerRequest)
    batches.push(shots.slice(i, i + trip.maxFilesPerRequest));
  const batchMs: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const t = performance.now();
        await sendBatch(server.browser, trip.id, batch);
        batchMs.push(performance.now() - t);
      }
    }),
  );
  const uploadedMs = performance.now() - start;

  const deadline = Date.now() + 15 * 60_000;
  while (stream.placedAt.size < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const placedMs = Math.max(...stream.placedAt.values());
  stream.stop();

  // Then until every analysis is done: the stored images are made once no photo waits to be placed.
  const analysesOf = async (ids: readonly string[]) =>
    Promise.all(ids.map(async (id) => (await server.browser.api(`/api/analyses/${id}`)).body.analysis));
  const ids = [...stream.placedAt.keys()];
  let analyses = await analysesOf(ids);
  while (analyses.some((a) => a.status !== 'done' && a.status !== 'failed') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    analyses = await analysesOf(ids);
  }
  const allDoneMs = Math.max(...analyses.map((a) => Date.parse(a.finishedAt))) - startedAt;

  // What the server stored: every photo's state and its own timings.
  const final = TripEnvelopeSchema.parse((await server.browser.api(`/api/trips/${trip.id}`)).body).trip;
  const located = analyses.map((a) => Number(a.timings?.locatedMs)).filter(Number.isFinite);
  const stage = (name: string) => analyses.map((a) => Number(a.timings?.[name])).filter(Number.isFinite);
  const off = final.photos.map((p) => {
    const s = shots.find((x) => x.name === p.fileName)!;
    return p.place ? Math.hypot((p.place.lat - s.lat) * 111_320, (p.place.lng - s.lng) * 100_400) : Infinity;
  });

  const photosPerSecond = Math.round((stream.placedAt.size / (placedMs / 1000)) * 100) / 100;
  const result = {
    benchmark: 'trips-throughput',
    date: new Date().toISOString(),
    what: `A ${COUNT}-photo trip of ${WIDTH} × ${HEIGHT} JPEGs (crops of real camera photos, re-encoded at quality 88, every one with GPS) sent through POST /api/trips/:id/photos in batches of ${trip.maxFilesPerRequest}, ${PARALLEL} request(s) at a time, to the real server in its own process, watched on the trip's SSE stream until every photo was placed, then until every analysis was done.`,
    definitions: {
      photosPerSecond: 'photos placed ÷ (first byte sent → last photo seen placed on the trip stream)',
      firstByteToAllDoneSeconds: 'first byte sent → the last analysis finished (stored images made, history written)',
      serverLocatedMs: 'server: job start → fused result stored, per photo',
    },
    target: { photosPerSecond: TARGET_PHOTOS_PER_S, metTarget: photosPerSecond >= TARGET_PHOTOS_PER_S },
    photos: COUNT,
    megabytesSent: Math.round((bytes / 1_048_576) * 10) / 10,
    batchSize: trip.maxFilesPerRequest,
    parallelRequests: PARALLEL,
    placed: stream.placedAt.size,
    placedByGps: final.photos.filter((p) => p.placedBy === 'gps').length,
    counts: final.counts,
    firstByteToAllPlacedSeconds: Math.round(placedMs / 100) / 10,
    photosPerSecond,
    uploadSeconds: Math.round(uploadedMs / 100) / 10,
    uploadMegabytesPerSecond: Math.round((bytes / 1_048_576 / (uploadedMs / 1000)) * 10) / 10,
    afterLastUploadSeconds: Math.round((placedMs - uploadedMs) / 100) / 10,
    batchMs: stats(batchMs),
    firstByteToAllDoneSeconds: Math.round(allDoneMs / 100) / 10,
    serverLocatedMs: stats(located),
    serverStagesMs: Object.fromEntries(
      ['readMetadata', 'runLocators', 'fuse', 'makeDerivatives', 'save'].map((n) => [n, stats(stage(n))]),
    ),
    placementErrorM: stats(off),
    server: { db: server.db, concurrency: server.config.analysis.concurrency },
    machine: machine(),
    note: NOTE_SHARED_MACHINE,
  };
  const file = args.out ?? writeResult('trips-throughput.json', result);
  if (args.out) writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ file, ...result }, null, 2));
} finally {
  await server.close();
}
