/**
 * The OCR process's memory and speed under glibc malloc settings (docs/decisions/0009-memory.md): each setting runs
 * the PP-OCR reader in a fresh child process on the same 12 MP street photos, one after another, and reports the
 * process's peak RSS (VmHWM), its RSS after the last photo, and the detector's time on the first photo and on the
 * rest. The photos are composed here (a county blade and a shop front set into a real camera photo of the tuning
 * half), never stored.
 *
 * Run: `npx tsx bench/text/ocr-memory.ts [-- --photos N --out FILE]`. Prints JSON; writes
 * bench/results/ocr-memory.json unless --out names another file. Run it on a quiet machine: the timings are shared
 * with whatever else runs.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
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

type ChildReport = { detectMs: number[]; peakMB: number; afterMB: number; modelsMB: number };

const status = (field: string) =>
  Math.round(Number(readFileSync('/proc/self/status', 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))![1]) / 1024);

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
  const { values } = parseArgs({ options: { photos: { type: 'string' }, out: { type: 'string' } } });
  const files = await photos(Number(values.photos ?? 4));
  const runs: Record<string, ChildReport & { firstDetectMs: number; restDetectMsMean: number }> = {};
  for (const [name, env] of Object.entries(SETTINGS)) {
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
  const result = {
    name: 'ocr-memory',
    benchmark: 'bench/text/ocr-memory.ts',
    date: new Date().toISOString(),
    note: NOTE_SHARED_MACHINE,
    machine: machine(),
    setup: {
      photos: `${files.length} composed 4000 × 3000 JPEGs (a two-blade street sign 6–15 % of the width and a shop front)`,
      reader: 'PpOcrReader, 2 ONNX Runtime threads, detector at 2048 px in 768 px tiles, one fresh process per setting',
      fields:
        'peakMB = VmHWM of the OCR process over the whole run (models loaded and every photo read); afterMB = VmRSS after the last photo; modelsMB = VmRSS once the models are loaded; detectMs per photo',
    },
    runs,
  };
  const file = writeResult(values.out ?? 'ocr-memory.json', result);
  process.stderr.write(`[ocr-memory] written ${file}\n`);
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else await main();
