/**
 * Engine speed, end to end through the real server: per-stage server time (read from each analysis record),
 * end-to-end latency, analyses per second with the default workers, peak RSS under 16 concurrent uploads, and
 * in the same run the floor: sharp alone decoding and thumbnailing the same file. The server runs in a child
 * process so its memory is read from /proc apart from this client's; it starts with `npm start`'s Node flags and
 * malloc settings (scripts/lib/server-runtime.mjs; `MALLOC_ARENA_MAX` set here overrides the default there).
 *
 * Run: `npm run bench:engine:speed [-- --db memory|disk|postgres://… --rounds N --out FILE]` (--out: a trial
 * run that leaves bench/results/ alone). Prints JSON; the issue's
 * targets are printed beside the figures as information, never as an exit code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { Analysis } from '@vt/shared';
import { LOCATED_TIMING, STEPS } from '@vt/server/src/engine/pipeline/pipeline';
import type { TestBrowser } from '@vt/server/src/test/browser';
import type { ManifestEntry } from '../corpus/generate';
import { SERVER_NODE_FLAGS, serverEnv } from '../../scripts/lib/server-runtime.mjs';
import {
  dbChoice,
  followEvents,
  getAnalysis,
  loadCorpus,
  machine,
  mapLimit,
  NOTE_SHARED_MACHINE,
  memoryBreakdown,
  percentile,
  startServerProcess,
  stats,
  uploadPhoto,
  writeResult,
  writeSummaryFigure,
} from './harness';

const TARGETS = {
  locatedP50Ms: 80,
  floorRatio: 1.5,
  rssMB: 500,
};

type Run = {
  file: string;
  status: Analysis['status'];
  outcome: string | null;
  timings: Record<string, number>;
  serverMs: number;
  locatedMs: number | null;
  queueMs: number | null;
  uploadMs: number;
  toFusedMs: number | null;
  toDoneMs: number;
};

/** One photo through upload → SSE until done → the stored record (timings), with nothing else in flight. */
async function analyseOne(browser: TestBrowser, file: string, bytes: Buffer): Promise<Run> {
  const t0 = performance.now();
  const up = await uploadPhoto(browser, file, bytes);
  if (!up.analysisId) throw new Error(`${file}: upload answered ${up.status}: ${up.error}`);
  const followed = await followEvents(browser, up.analysisId);
  const toDoneMs = performance.now() - t0;
  const a = await getAnalysis(browser, up.analysisId);
  return {
    file,
    status: a.status,
    outcome: a.analysis_result?.outcome ?? null,
    timings: a.timings,
    serverMs: STEPS.reduce((s, step) => s + (a.timings[step] ?? 0), 0),
    locatedMs: a.timings[LOCATED_TIMING] ?? null,
    queueMs: a.startedAt ? Date.parse(a.startedAt) - Date.parse(a.createdAt) : null,
    uploadMs: up.ms,
    toFusedMs: followed.arrivedAtMs.fused !== undefined ? followed.arrivedAtMs.fused - t0 : null,
    toDoneMs,
  };
}

/** The floor: what sharp alone needs to decode the file and make the 256 px thumbnail (as the pipeline does). */
async function floorThumbnail(bytes: Buffer): Promise<number> {
  const t = performance.now();
  await sharp(bytes)
    .rotate()
    .resize(256, 256, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return performance.now() - t;
}

/** Both derivatives as the pipeline makes them (one decode to 1600 px, display WebP + 256 px thumbnail from it), sharp alone. */
async function floorBothDerivatives(bytes: Buffer): Promise<number> {
  const t = performance.now();
  const fit = { fit: 'inside', withoutEnlargement: true } as const;
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(1600, 1600, fit)
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all([
    sharp(data, raw).webp({ quality: 82, effort: 2 }).toBuffer(),
    sharp(data, raw).resize(256, 256, fit).webp({ quality: 75 }).toBuffer(),
  ]);
  return performance.now() - t;
}

const locateOnly = (r: Run) => (r.timings.readMetadata ?? 0) + (r.timings.runLocators ?? 0) + (r.timings.fuse ?? 0);

function stageStats(runs: Run[]) {
  const stages = [...new Set(runs.flatMap((r) => Object.keys(r.timings)))];
  return Object.fromEntries(
    stages.map((s) => [s, stats(runs.map((r) => r.timings[s]).filter((v): v is number => v !== undefined))]),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { db: { type: 'string' }, rounds: { type: 'string' }, out: { type: 'string' } },
  });
  const rounds = Math.max(1, Number(values.rounds ?? 1));
  const startedAt = new Date();
  const { dir, manifest } = await loadCorpus();
  const read = (e: ManifestEntry) => readFileSync(join(dir, e.file));
  const gps = manifest.withGps;
  const noGps = manifest.withoutGps;

  // The server runs in a child process so its memory is measured without this client's.
  const server = await startServerProcess(dbChoice(values.db));
  const { browser } = server;
  const workers = server.config.analysis.concurrency;
  const serverStartup = { ...server.rss(), breakdown: await server.memoryBreakdown() };
  console.error(
    `server ${server.baseUrl} (${server.db}), ${workers} workers; ${gps.length} GPS + ${noGps.length} no-GPS photos`,
  );

  try {
    // Warm-up: first-use costs (sharp/libvips init, county index, JIT) are not what a running server pays.
    for (const e of gps.slice(0, 3)) await analyseOne(browser, e.file, read(e));
    await floorThumbnail(read(gps[0]!));

    // 1. One photo at a time, so latency is the engine's and not the queue's; the floor interleaved on the same file.
    const gpsRuns: Run[] = [];
    const noGpsRuns: Run[] = [];
    const floorThumb: number[] = [];
    const floorBoth: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [i, e] of gps.entries()) {
        const bytes = read(e);
        gpsRuns.push(await analyseOne(browser, e.file, bytes));
        floorThumb.push(await floorThumbnail(bytes));
        floorBoth.push(await floorBothDerivatives(bytes));
        const nog = noGps[i];
        if (nog) noGpsRuns.push(await analyseOne(browser, nog.file, read(nog)));
      }
      console.error(`sequential round ${round + 1}/${rounds} done`);
    }

    // 2. Throughput: every GPS photo submitted at once (8 uploads in flight), the default workers draining the queue.
    const batch = gps;
    const tBatch = performance.now();
    const batchRuns = await mapLimit(batch, 8, async (e) => {
      const up = await uploadPhoto(browser, e.file, read(e));
      if (!up.analysisId) throw new Error(`${e.file}: upload answered ${up.status}`);
      return followEvents(browser, up.analysisId);
    });
    const batchSeconds =
      (Math.max(...batchRuns.map((r) => r.arrivedAtMs.done ?? r.arrivedAtMs.failed ?? 0)) - tBatch) / 1000;
    console.error(`throughput batch done in ${batchSeconds.toFixed(1)} s`);

    // 3. Peak RSS with 16 uploads at once, sampled every 10 ms from before the burst until the last analysis ends:
    //    GPS photos (no OCR), then GPS-less ones (every photo read by the scene-text OCR, its ONNX sessions loaded).
    await new Promise((r) => setTimeout(r, 500));
    const gpsBurst = await burstOf(
      server,
      gps.slice(0, 16).map((e) => ({ file: e.file, bytes: read(e) })),
    );
    await new Promise((r) => setTimeout(r, 500));
    const ocrBurst = await burstOf(
      server,
      noGps.slice(0, 16).map((e) => ({ file: e.file, bytes: read(e) })),
    );
    const {
      burst,
      baselineRss,
      peakRss,
      clientBaselineRss,
      clientPeakRss,
      samples,
      burstMs,
      burstRuns,
      serverAfterBurst,
    } = gpsBurst;

    const serverP50 = percentile(
      gpsRuns.map((r) => r.serverMs),
      50,
    );
    const locatedValues = gpsRuns.map((r) => r.locatedMs).filter((v): v is number => v !== null);
    const locatedP50 = percentile(locatedValues, 50);
    const floorP50 = percentile(floorThumb, 50);
    const mb = (b: number) => Math.round(b / 1_048_576);
    const result = {
      name: 'engine-speed',
      benchmark: 'bench/engine/speed.ts',
      date: startedAt.toISOString(),
      note: NOTE_SHARED_MACHINE,
      machine: machine(),
      setup: {
        database: server.db,
        workers,
        workersSource: 'ANALYSIS_CONCURRENCY default = number of cores',
        locators: 'enabled by the default settings (no VISION_API_BASE_URL)',
        photo: `${manifest.width}×${manifest.height} JPEG, ${(
          percentile(
            gps.map((e) => e.bytes),
            50,
          ) / 1_048_576
        ).toFixed(2)} MB median, EXIF GPS + GPSHPositioningError + DateTimeOriginal + Make/Model`,
        corpus: `${gps.length} places × (with GPS, without GPS), bench/corpus/generate.ts`,
        rounds,
        processes:
          'server, job runner and database (PGlite WASM, when not PostgreSQL) in one child process; this process is the client',
        // glibc's malloc arenas decide how much freed libvips memory stays resident; the server runs as `npm start` runs it.
        mallocArenaMax: serverEnv().MALLOC_ARENA_MAX ?? 'glibc default (8 × cores)',
        serverNodeFlags: SERVER_NODE_FLAGS.join(' '),
      },
      definitions: {
        locatedMs:
          'server: job start → fused result stored (metadata read, locators, fusion, their database writes and events); the place is streamed at this point and the derivatives follow. The figure compared with the 80 ms target',
        locateOnlyMs:
          'readMetadata + runLocators + fuse: the server time spent finding the place, without making derivatives or saving',
        serverMs:
          'sum of the per-stage timings the pipeline stores on the analysis (readMetadata, runLocators, fuse, makeDerivatives, save): the whole job',
        queueMs: 'analysis startedAt − createdAt (database timestamps)',
        endToEndMs: 'client: POST /api/photos start → `done` event on GET /api/analyses/:id/events',
        toFusedMs: 'client: POST start → `fused` event (the place is known)',
        floorThumbnailMs: 'sharp alone: decode the same file, auto-orient, 256 px WebP thumbnail',
        floorBothDerivativesMs:
          'sharp alone: decode once to 1600 px, display WebP (effort 2) + 256 px thumbnail from those pixels (what the pipeline makes)',
      },
      gpsJpeg12mp: {
        locatedMs: stats(locatedValues),
        serverMs: stats(gpsRuns.map((r) => r.serverMs)),
        locateOnlyMs: stats(gpsRuns.map(locateOnly)),
        stagesMs: stageStats(gpsRuns),
        queueMs: stats(gpsRuns.map((r) => r.queueMs).filter((v): v is number => v !== null)),
        uploadMs: stats(gpsRuns.map((r) => r.uploadMs)),
        toFusedMs: stats(gpsRuns.map((r) => r.toFusedMs).filter((v): v is number => v !== null)),
        endToEndMs: stats(gpsRuns.map((r) => r.toDoneMs)),
        outcomes: countBy(gpsRuns.map((r) => r.outcome ?? r.status)),
      },
      noGpsJpeg12mp: {
        serverMs: stats(noGpsRuns.map((r) => r.serverMs)),
        stagesMs: stageStats(noGpsRuns),
        endToEndMs: stats(noGpsRuns.map((r) => r.toDoneMs)),
        outcomes: countBy(noGpsRuns.map((r) => r.outcome ?? r.status)),
      },
      floor: {
        thumbnailMs: stats(floorThumb),
        bothDerivativesMs: stats(floorBoth),
      },
      throughput: {
        photos: batch.length,
        uploadsInFlight: 8,
        workers,
        seconds: Number(batchSeconds.toFixed(2)),
        analysesPerSecond: Number((batch.length / batchSeconds).toFixed(2)),
        outcomes: countBy(batchRuns.map((r) => (r.arrivedAtMs.done !== undefined ? 'done' : 'failed'))),
      },
      memory: {
        concurrentUploads: burst.length,
        server: {
          startupRssMB: serverStartup.rssMB ?? null,
          // Peak of start-up itself (PGlite's initdb on a fresh data directory runs in a short-lived child process, not counted here).
          startupHwmMB: serverStartup.hwmMB ?? null,
          baselineRssMB: baselineRss,
          peakRssMB: peakRss,
          vmHwmMB: serverAfterBurst.hwmMB ?? null,
          atStartup: serverStartup.breakdown,
          afterBurst: serverAfterBurst.breakdown,
        },
        client: {
          baselineRssMB: mb(clientBaselineRss),
          peakRssMB: mb(clientPeakRss),
          heldFilesMB: Number((burst.reduce((s, b) => s + b.bytes.length, 0) / 1_048_576).toFixed(1)),
          now: memoryBreakdown(),
        },
        samples,
        meanSampleIntervalMs: Number((burstMs / Math.max(1, samples)).toFixed(1)),
        burstSeconds: Number((burstMs / 1000).toFixed(2)),
        note: "server = the server process alone (VmRSS sampled every 10 ms from /proc/<pid>/status during the burst; vmHwmMB is its peak over the whole run, start-up and the throughput batch included); startup = after migrations and sign-in, baseline = just before the burst (after the sequential and throughput runs). externalMB includes PGlite's WASM memory when the database is PGlite",
        outcomes: countBy(burstRuns.map((r) => (r.error ? `upload ${r.status}` : (r.terminal ?? 'unknown')))),
        withoutGps: {
          note: '16 GPS-less photos at once: each is read by the scene-text OCR (PP-OCR, ONNX Runtime in a child process of the server, started on the first read). serverPeakRssMB = the server process alone; ocrPeakRssMB = its OCR processes; totalPeakRssMB = the highest sum of both sampled at the same instant',
          baselineRssMB: ocrBurst.baselineRss,
          serverPeakRssMB: ocrBurst.peakRss,
          ocrBaselineRssMB: ocrBurst.baselineChildrenRss,
          ocrPeakRssMB: ocrBurst.peakChildrenRss,
          totalPeakRssMB: ocrBurst.peakTotalRss,
          ocrAfterBurstRssMB: ocrBurst.childrenAfterBurstRss,
          burstSeconds: Number((ocrBurst.burstMs / 1000).toFixed(2)),
          afterBurst: ocrBurst.serverAfterBurst.breakdown,
          outcomes: countBy(
            ocrBurst.burstRuns.map((r) => (r.error ? `upload ${r.status}` : (r.terminal ?? 'unknown'))),
          ),
        },
      },
      targets: {
        informationOnly: 'targets from the issue; shown beside the figures, never a pass/fail or exit code',
        locatedP50: {
          target: `p50 ≤ ${TARGETS.locatedP50Ms} ms`,
          measured: `${locatedP50.toFixed(1)} ms (job start → fused result stored)`,
          met: locatedP50 <= TARGETS.locatedP50Ms,
          alsoShown: `whole job ${serverP50.toFixed(1)} ms p50 (derivatives and save included, after the place is streamed); locate-only steps ${percentile(gpsRuns.map(locateOnly), 50).toFixed(1)} ms`,
        },
        vsFloor: {
          target: `≤ ${TARGETS.floorRatio}× the floor`,
          measured: `${(locatedP50 / floorP50).toFixed(2)}× (located ${locatedP50.toFixed(1)} ms / floor ${floorP50.toFixed(1)} ms); whole job ${(serverP50 / floorP50).toFixed(2)}×`,
          met: locatedP50 / floorP50 <= TARGETS.floorRatio,
        },
        rss16: {
          target: `peak RSS ≤ ${TARGETS.rssMB} MB with 16 concurrent uploads`,
          measured: `${gpsBurst.peakTotalRss} MB (server process${gpsBurst.peakChildrenRss ? `, ${gpsBurst.peakChildrenRss} MB of it its OCR process` : ''})`,
          met: gpsBurst.peakTotalRss <= TARGETS.rssMB,
        },
        rss16WithOcr: {
          target: `peak RSS ≤ ${TARGETS.rssMB} MB with 16 concurrent GPS-less uploads (OCR loaded)`,
          measured: `${ocrBurst.peakTotalRss} MB (server and its OCR process together; server alone ${ocrBurst.peakRss} MB, OCR process alone ${ocrBurst.peakChildrenRss} MB)`,
          met: ocrBurst.peakTotalRss <= TARGETS.rssMB,
        },
      },
    };

    const file = writeResult(values.out ?? 'engine-speed.json', result);
    // A trial run written elsewhere (--out) leaves the public figure alone.
    if (!values.out)
      writeSummaryFigure('speed', {
        value: Number(locatedP50.toFixed(0)),
        unit: 'ms',
        label: `Median server time to locate a GPS-tagged 12-megapixel phone JPEG (job start to the fused place; the display image and thumbnail follow, ${serverP50.toFixed(0)} ms for the whole job), ${workers} workers on a shared 2-core machine`,
        benchmark: 'bench/engine/speed.ts',
        date: startedAt.toISOString(),
      });
    console.error(`wrote ${file}${values.out ? '' : ' and the speed figure of bench/results/summary.json'}`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.close();
  }
}

/** Uploads every photo at once and follows each to its end, sampling the server's RSS every 10 ms throughout. */
async function burstOf(
  server: Awaited<ReturnType<typeof startServerProcess>>,
  burst: Array<{ file: string; bytes: Buffer }>,
) {
  const baselineRss = server.rss()?.rssMB ?? Number.NaN;
  const clientBaselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  let clientPeakRss = clientBaselineRss;
  // The OCR reader runs in processes of the server's own (adapters/ocr/ppocr.ocr.ts): the machine pays for both, so
  // their sum is sampled as one figure, beside each part's own peak.
  const baselineChildrenRss = server.childrenRssMB();
  let peakChildrenRss = baselineChildrenRss;
  let peakTotalRss = baselineRss + baselineChildrenRss;
  let samples = 0;
  const sample = () => {
    samples++;
    const own = server.rss()?.rssMB ?? Number.NaN;
    const children = server.childrenRssMB();
    peakRss = Math.max(peakRss, own);
    peakChildrenRss = Math.max(peakChildrenRss, children);
    peakTotalRss = Math.max(peakTotalRss, own + children);
    clientPeakRss = Math.max(clientPeakRss, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 10);
  const tBurst = performance.now();
  const burstRuns = await Promise.all(
    burst.map(async ({ file, bytes }) => {
      const up = await uploadPhoto(server.browser, file, bytes);
      if (!up.analysisId) return { file, status: up.status, error: up.error };
      const f = await followEvents(server.browser, up.analysisId);
      return { file, status: up.status, error: null, terminal: f.arrivedAtMs.done !== undefined ? 'done' : 'failed' };
    }),
  );
  const burstMs = performance.now() - tBurst;
  clearInterval(sampler);
  sample();
  const serverAfterBurst = { ...server.rss(), breakdown: await server.memoryBreakdown() };
  return {
    burst,
    baselineRss,
    peakRss,
    baselineChildrenRss,
    peakChildrenRss,
    peakTotalRss,
    childrenAfterBurstRss: server.childrenRssMB(),
    clientBaselineRss,
    clientPeakRss,
    samples,
    burstMs,
    burstRuns,
    serverAfterBurst,
  };
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

await main();
