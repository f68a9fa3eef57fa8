/**
 * The OCR process's memory and speed under glibc malloc settings (docs/decisions/0009-memory.md): each setting runs
 * the PP-OCR reader in a fresh child process on the same 12 MP street photos, one after another, and reports the
 * process's peak RSS (VmHWM), its RSS after the last photo, and the detector's time on the first photo and on the
 * rest. The photos are composed here (a county blade and a shop front set into a real camera photo of the tuning
 * half), never stored.
 *
 * Run: `npx tsx bench/text/ocr-memory.ts [-- --photos N --dir DIR --out FILE
 * --part malloc|reader|entry|child-malloc|pattern|all]` (entry: the bundled child the server starts against its
 * sources under tsx, three rounds each; child-malloc: the server's child with ONNX Runtime's arena on and off under two
 * mmap thresholds, not part of `all`; pattern: the server's child with its sign reader options under ONNX Runtime's
 * memory pattern, the recogniser's batches whole or in parts, and a smaller detector tile, in turns, not part of `all`;
 * --dir: N photos spread over a `signs.ts --half tuning --save-images` folder instead of composed ones). Prints JSON;
 * writes bench/results/ocr-memory.json unless --out names another file. Run it on a quiet machine: the timings are
 * shared with whatever else runs.
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { PpOcr, type PpOcrOptions } from '@vt/server/src/adapters/ocr/ppocr.ocr';
import { ocrChildEntry, tsxChildEntry } from '@vt/server/src/adapters/ocr/ppocr/child-entry';
import { signReaderOptions } from '@vt/server/src/engine/text/read-text';
import { machine, NOTE_SHARED_MACHINE, SHARED_DATA_DIR, writeResult } from '../engine/harness';
import { composeStreetScene, shopFront, streetSign } from './scene';

const SETTINGS: Record<string, Record<string, string>> = {
  'glibc defaults': {},
  'MALLOC_ARENA_MAX=2': { MALLOC_ARENA_MAX: '2' },
  'MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=4 MB (the OCR process today)': {
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024),
  },
  'MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=1 MB': { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(1 << 20) },
  'MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_=64 KB': { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' },
};

/**
 * Reader settings, each measured through the OCR adapter the server uses (PpOcr: its own child process, today's
 * malloc settings): the detector's tile side and ONNX Runtime's memory pattern.
 */
const READER_SETTINGS: Record<string, Pick<PpOcrOptions, 'detectTile' | 'memPattern'>> = {
  '768 px tiles, memory pattern on': { detectTile: 768, memPattern: true },
  '768 px tiles, memory pattern off': { detectTile: 768, memPattern: false },
  '512 px tiles, memory pattern on': { detectTile: 512, memPattern: true },
  '512 px tiles, memory pattern off': { detectTile: 512, memPattern: false },
};

/**
 * The server's OCR child (sign reader options) with ONNX Runtime's arena on (today) and off, each under the glibc
 * mmap threshold in its environment (the one in the environment wins over OCR_MALLOC): where fresh pages are slow
 * (this machine), mapping the activations afresh for every tile costs more than the models' whole run.
 */
const CHILD_MALLOC: Record<string, { env: Record<string, string>; arena: boolean }> = {
  'arena on, MALLOC_MMAP_THRESHOLD_=4 MB (today)': { env: { MALLOC_MMAP_THRESHOLD_: String(4 << 20) }, arena: true },
  'arena off, MALLOC_MMAP_THRESHOLD_=4 MB (until 2026-11-27)': {
    env: { MALLOC_MMAP_THRESHOLD_: String(4 << 20) },
    arena: false,
  },
  'arena off, MALLOC_MMAP_THRESHOLD_=32 MB': { env: { MALLOC_MMAP_THRESHOLD_: String(32 << 20) }, arena: false },
  'arena on, MALLOC_MMAP_THRESHOLD_=32 MB': { env: { MALLOC_MMAP_THRESHOLD_: String(32 << 20) }, arena: true },
};

/**
 * The server's OCR child with its sign reader options (plates, the look around small lines, names: dozens of
 * detector input shapes a photo), the arena on: ONNX Runtime's memory pattern, the recogniser's batches in one run or
 * in parts, and a smaller detector tile.
 */
const PATTERN: Record<string, Pick<PpOcrOptions, 'detectTile' | 'memPattern' | 'recColumns'>> = {
  'memory pattern on, each recogniser batch in one run (until 2026-11-29)': { memPattern: true, recColumns: Infinity },
  'memory pattern off, each recogniser batch in one run': { memPattern: false, recColumns: Infinity },
  'memory pattern off, recogniser runs of at most 1920 columns (today)': {},
  '640 px detector tiles, otherwise today (not taken: readings change)': { detectTile: 640 },
};

type ChildReport = { detectMs: number[]; peakMB: number; afterMB: number; modelsMB: number };

/** A field of a process's /proc status (VmRSS, VmHWM), in MB. */
const statusMB = (pid: number | 'self', field: string) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))![1]) / 1024);
const status = (field: string) => statusMB('self', field);

/** In the child: load the reader, read every photo, report. */
async function child(files: string[]): Promise<void> {
  const { PpOcrReader } = await import('@vt/server/src/adapters/ocr/ppocr/reader');
  const reader = await PpOcrReader.create({ threads: 2 });
  const modelsMB = status('VmRSS');
  const detectMs: number[] = [];
  for (const file of files) {
    const read = await reader.read(readFileSync(file));
    detectMs.push(read.timings.detectMs);
  }
  const report: ChildReport = { detectMs, peakMB: status('VmHWM'), afterMB: status('VmRSS'), modelsMB };
  process.send!(report);
  await reader.close();
}

/** Reads every photo through the adapter: the time of each read and the lines read over all of them. */
async function readAll(ocr: PpOcr, files: string[]): Promise<{ readMs: number[]; lines: number; texts: string[] }> {
  const readMs: number[] = [];
  const texts: string[] = [];
  for (const file of files) {
    const t = performance.now();
    texts.push(...(await ocr.read(readFileSync(file))).lines.map((l) => l.text));
    readMs.push(Math.round(performance.now() - t));
  }
  return { readMs, lines: texts.length, texts };
}

/**
 * The server's own OCR child (the PpOcr adapter) under `options`, started with `env` added to this process's
 * environment: its RSS once warm, its peak and its RSS after reading every photo, and what it read.
 */
async function measureChild(
  options: PpOcrOptions,
  files: string[],
  env: Record<string, string> = {},
): Promise<{ warmMB: number; peakMB: number; afterMB: number; readMs: number[]; lines: number; texts: string[] }> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const ocr = new PpOcr(options);
  try {
    await ocr.warm();
  } finally {
    process.env = saved;
  }
  const pid = ocr.processIds()[0]!;
  const warmMB = statusMB(pid, 'VmRSS');
  const read = await readAll(ocr, files);
  const result = { warmMB, peakMB: statusMB(pid, 'VmHWM'), afterMB: statusMB(pid, 'VmRSS'), ...read };
  await ocr.close();
  return result;
}

/** n photos spread over a signs.ts --save-images folder (its tuning half: these figures steer a setting). */
function savedPhotos(dir: string, n: number): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { half: string };
  if (manifest.half !== 'tuning') throw new Error('--dir takes a folder of the tuning half.');
  const all = readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  // Spread over the folder: its photos are in the order of their sets (corners, shop fronts, places, negatives).
  const step = Math.max(1, all.length / n);
  return Array.from({ length: Math.min(n, all.length) }, (_, i) => join(dir, all[Math.floor(i * step)]!));
}

async function photos(n: number): Promise<string[]> {
  const background = readFileSync(join(SHARED_DATA_DIR, 'images/parser-samples/with-gps/mdx_Apple_iPhone_5.jpg'));
  const sign = await streetSign(
    [
      { written: { prefix: 'SW', body: '8', ordinal: 'th', type: 'St' }, style: 'mixed' },
      { written: { prefix: 'SW', body: '27', ordinal: 'th', type: 'Ave' }, style: 'mixed' },
    ],
    'DejaVu Sans',
    true,
  );
  const shop = await shopFront({
    name: 'FERRETERIA',
    street: 'SW 27th Avenue',
    phone: '(305) 555-0142',
    door: '812',
    font: 'DejaVu Sans',
    dark: false,
  });
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const jpeg = await composeStreetScene(
      background,
      [
        {
          png: sign,
          placement: { widthShare: 0.06 + 0.03 * i, at: { x: 0.3, y: 0.3 }, rotateDeg: 4, skew: 0, tilt: 0 },
        },
        { png: shop.fascia, placement: { widthShare: 0.2, at: { x: 0.6, y: 0.55 }, rotateDeg: 0, skew: 0, tilt: 0 } },
      ],
      { light: 'day', blur: 'none', blurAmount: 0, noise: 4, jpegQuality: 85, photoWidth: 4000 },
      () => 0.5,
    );
    const file = `/tmp/vt-ocr-memory-${process.pid}-${i}.jpg`;
    await sharp(jpeg).toFile(file);
    files.push(file);
  }
  return files;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      photos: { type: 'string' },
      dir: { type: 'string' },
      out: { type: 'string' },
      part: { type: 'string', default: 'all' },
    },
  });
  const count = Number(values.photos ?? 4);
  const files = values.dir ? savedPhotos(values.dir, count) : await photos(count);
  const runs: Record<string, ChildReport & { firstDetectMs: number; restDetectMsMean: number }> = {};
  for (const [name, env] of Object.entries(values.part === 'all' || values.part === 'malloc' ? SETTINGS : {})) {
    const base = { ...process.env };
    delete base.MALLOC_ARENA_MAX;
    delete base.MALLOC_MMAP_THRESHOLD_;
    const report = await new Promise<ChildReport>((resolve, reject) => {
      const c = fork(fileURLToPath(import.meta.url), ['--child', ...files], {
        execArgv: process.execArgv,
        env: { ...base, ...env },
      });
      c.once('message', (m) => resolve(m as ChildReport));
      c.once('exit', (code) => (code ? reject(new Error(`${name}: exit ${code}`)) : undefined));
    });
    const rest = report.detectMs.slice(1);
    runs[name] = {
      ...report,
      firstDetectMs: report.detectMs[0]!,
      restDetectMsMean: Math.round(rest.reduce((a, b) => a + b, 0) / Math.max(1, rest.length)),
    };
    process.stderr.write(`[ocr-memory] ${name}: peak ${report.peakMB} MB, detect ${report.detectMs.join(' / ')} ms\n`);
  }
  const reader: Record<string, { warmMB: number; peakMB: number; afterMB: number; readMs: number[]; lines: number }> =
    {};
  for (const [name, options] of Object.entries(
    values.part === 'all' || values.part === 'reader' ? READER_SETTINGS : {},
  )) {
    const { texts: _texts, ...measured } = await measureChild({ workers: 1, threadsPerWorker: 2, ...options }, files);
    reader[name] = measured;
    process.stderr.write(`[ocr-memory] ${name}: peak ${measured.peakMB} MB, read ${measured.readMs.join(' / ')} ms\n`);
  }
  // The server's own OCR child under each setting, in turns (the first photo of each includes its start-up).
  const childMalloc: Record<string, { peakMB: number; afterMB: number; readMs: number[]; lines: number }> = {};
  for (const [name, { env, arena }] of Object.entries(values.part === 'child-malloc' ? CHILD_MALLOC : {})) {
    const { peakMB, afterMB, readMs, lines } = await measureChild(
      { workers: 1, threadsPerWorker: 2, arena, ...signReaderOptions() },
      files,
      env,
    );
    childMalloc[name] = { peakMB, afterMB, readMs, lines };
    process.stderr.write(`[ocr-memory] ${name}: peak ${peakMB} MB, read ${readMs.join(' / ')} ms\n`);
  }
  // The server's own child with its sign reader options, each setting in turn on the same photos.
  const pattern: Record<
    string,
    { warmMB: number; peakMB: number; afterMB: number; readMs: number[]; lines: number; sameLines: number }
  > = {};
  let first: string[] | undefined;
  for (const [name, options] of Object.entries(values.part === 'pattern' ? PATTERN : {})) {
    const { texts, ...measured } = await measureChild(
      { workers: 1, threadsPerWorker: 2, ...signReaderOptions(), ...options },
      files,
    );
    first ??= texts;
    // Lines the first setting read too (each counted once): a setting that changes the readings changes more than
    // memory.
    const left = [...first];
    const sameLines = texts.filter((t) => {
      const at = left.indexOf(t);
      if (at >= 0) left.splice(at, 1);
      return at >= 0;
    }).length;
    pattern[name] = { ...measured, sameLines };
    process.stderr.write(`[ocr-memory] ${name}: peak ${measured.peakMB} MB, read ${measured.readMs.join(' / ')} ms\n`);
  }
  // How the child starts: the bundled JavaScript the server uses against its TypeScript sources under tsx, in turns.
  const entries: Record<string, Array<{ warmMs: number; warmMB: number; peakMB: number }>> = {};
  if (values.part === 'entry' || values.part === 'all')
    for (let round = 0; round < 3; round++)
      for (const [name, entry] of Object.entries({ bundled: ocrChildEntry(), tsx: tsxChildEntry() })) {
        const ocr = new PpOcr({ workers: 1, threadsPerWorker: 2, entry });
        const t = performance.now();
        await ocr.warm();
        const warmMs = Math.round(performance.now() - t);
        const pid = ocr.processIds()[0]!;
        const warmMB = statusMB(pid, 'VmRSS');
        for (const file of files) await ocr.read(readFileSync(file));
        const peakMB = statusMB(pid, 'VmHWM');
        (entries[name] ??= []).push({ warmMs, warmMB, peakMB });
        await ocr.close();
        process.stderr.write(`[ocr-memory] ${name}: started in ${warmMs} ms, warm ${warmMB} MB, peak ${peakMB} MB\n`);
      }
  const result = {
    name: 'ocr-memory',
    benchmark: 'bench/text/ocr-memory.ts',
    date: new Date().toISOString(),
    note: NOTE_SHARED_MACHINE,
    machine: machine(),
    setup: {
      photos: values.dir
        ? `${files.length} photos spread over ${values.dir} (signs.ts --save-images, tuning half)`
        : `${files.length} composed 4000 × 3000 JPEGs (a two-blade street sign 6–15 % of the width and a shop front)`,
      reader:
        'PpOcrReader, 2 ONNX Runtime threads, detector at 2048 px in 768 px tiles (pattern: one setting in 640 px tiles), one fresh process per setting',
      fields:
        "runs (malloc settings; this benchmark's own child process, which also loads the benchmark's modules): peakMB = VmHWM of the OCR process over the whole run (models loaded and every photo read); afterMB = VmRSS after the last photo; modelsMB = VmRSS once the models are loaded; detectMs per photo. reader (reader settings; the server's own OCR child process through the PpOcr adapter): warmMB = VmRSS once warm, peakMB = VmHWM, afterMB = VmRSS after the last photo, readMs per photo (decode, detect, recognise), lines = lines read over all photos. pattern (the server's child with its sign reader options): the same fields, and sameLines = lines the first setting read too, each counted once",
    },
    runs,
    reader,
    entries,
    childMalloc,
    pattern,
  };
  const file = writeResult(values.out ?? 'ocr-memory.json', result);
  process.stderr.write(`[ocr-memory] written ${file}\n`);
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await main();
