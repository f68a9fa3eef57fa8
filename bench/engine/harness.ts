/**
 * What both engine benchmarks share: the real server in this process (the whole app from buildApp, its job
 * runner with the default workers), a real sign-in through the built-in OIDC provider, uploads through
 * POST /api/photos, and stage events followed over Server-Sent Events.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AnalysisSchema,
  LatestBenchmarksSchema,
  PhotoUploadResponseSchema,
  type Analysis,
  type AnalysisEvent,
  type LatestBenchmarks,
  type MeasuredFigure,
} from '@vt/shared';
import { buildApp } from '@vt/server/src/app';
import type { Config } from '@vt/server/src/config';
import { openDatabase } from '@vt/server/src/db/client';
import { localServerConfig } from '@vt/server/src/test/server';
import { TestBrowser } from '@vt/server/src/test/browser';
import { BENCH_DIR, DEFAULT_CORPUS_DIR, generateCorpus, type Manifest } from '../corpus/generate';
import { SERVER_NODE_FLAGS, serverEnv } from '../../scripts/lib/server-runtime.mjs';

export const REPO_ROOT = resolve(BENCH_DIR, '..');
/** ../shared/data beside the checkout; read at run time, never copied into the repository. */
export const SHARED_DATA_DIR = process.env.VT_SHARED_DATA_DIR ?? resolve(REPO_ROOT, '../shared/data');
export const RESULTS_DIR = join(BENCH_DIR, 'results');
export const SUMMARY_FILE = join(RESULTS_DIR, 'summary.json');

/** Where the database lives: PGlite in memory, PGlite in a temp dir (the default deployment), or PostgreSQL. */
export type DbChoice = { kind: 'pglite-memory' } | { kind: 'pglite-disk' } | { kind: 'postgres'; url: string };

/** `--db memory|disk|postgres://…`; without it DATABASE_URL picks PostgreSQL, else PGlite on disk. */
export function dbChoice(arg: string | undefined): DbChoice {
  const value = arg ?? process.env.DATABASE_URL;
  if (!value || value === 'disk') return { kind: 'pglite-disk' };
  if (value === 'memory') return { kind: 'pglite-memory' };
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value };
  throw new Error(`--db must be memory, disk or a postgres:// URL, not ${value}`);
}

export type BenchServer = {
  baseUrl: string;
  config: Config;
  db: string;
  /** Signed in through /auth/login → local provider pages → /auth/callback. */
  browser: TestBrowser;
  close(): Promise<void>;
};

export type RunningServer = Omit<BenchServer, 'browser'>;

/** The whole app (buildApp, its job runner with the default workers) listening on a free port, not signed in. */
export async function startServer(db: DbChoice, env: Record<string, string> = {}): Promise<RunningServer> {
  const { config, port, dataDir, baseUrl } = await localServerConfig({
    // One signed-in user uploads hundreds of photos: the weekly image limit is the access rules' subject, not ours.
    DEFAULT_WEEKLY_IMAGE_LIMIT: '1000000',
    ...env,
  });
  const database =
    db.kind === 'postgres'
      ? await openDatabase({ url: db.url })
      : await openDatabase({ dataDir: db.kind === 'pglite-memory' ? 'memory://' : dataDir });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl,
    config,
    db: db.kind === 'postgres' ? `postgres (${new URL(db.url).host})` : db.kind,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server in this process, signed in (the accuracy benchmark: memory is not its subject). */
export async function startBenchServer(db: DbChoice, env: Record<string, string> = {}): Promise<BenchServer> {
  const server = await startServer(db, env);
  const browser = new TestBrowser(server.baseUrl);
  await browser.signIn('bench@example.com', 'Bench Runner');
  return { ...server, browser };
}

/** What the server process reports about its own memory (process.memoryUsage(), in MB). */
export type MemoryBreakdown = {
  rssMB: number;
  heapUsedMB: number;
  heapTotalMB: number;
  externalMB: number;
  arrayBuffersMB: number;
};

export type ServerProcess = BenchServer & {
  pid: number;
  /** VmRSS and VmHWM (peak RSS since start) of the server process, from /proc/<pid>/status. */
  rss(): { rssMB: number; hwmMB: number } | null;
  /** VmRSS of the processes the server started (the OCR reader's), summed; 0 when there are none. */
  childrenRssMB(): number;
  memoryBreakdown(): Promise<MemoryBreakdown>;
};

type ChildMessage =
  | { type: 'ready'; baseUrl: string; config: Config; db: string }
  | { type: 'memory'; memory: MemoryBreakdown }
  | { type: 'error'; message: string };

/**
 * The server in a child process (bench/engine/server-process.ts), so its memory is measured apart from the
 * benchmark client holding files and following streams. The client signs in over HTTP as a browser would. The
 * process starts with `npm start`'s Node flags and malloc settings (scripts/lib/server-runtime.mjs).
 */
export async function startServerProcess(db: DbChoice, env: Record<string, string> = {}): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('server-process.ts', import.meta.url));
  const child = fork(script, [], {
    execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx'],
    env: { ...serverEnv(), VT_BENCH_DB: JSON.stringify(db), VT_BENCH_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends ChildMessage['type']>(type: T) =>
    new Promise<Extract<ChildMessage, { type: T }>>((resolvePromise, reject) => {
      const onMessage = (m: ChildMessage) => {
        if (m.type === 'error') reject(new Error(`bench server: ${m.message}`));
        else if (m.type === type) resolvePromise(m as Extract<ChildMessage, { type: T }>);
        else return;
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onExit = (code: number | null) => reject(new Error(`bench server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next('ready');
  const browser = new TestBrowser(ready.baseUrl);
  await browser.signIn('bench@example.com', 'Bench Runner');
  const pid = child.pid!;
  return {
    baseUrl: ready.baseUrl,
    config: ready.config,
    db: ready.db,
    browser,
    pid,
    rss: () => procMemory(pid),
    childrenRssMB: () => descendantsOf(pid).reduce((sum, p) => sum + (procMemory(p)?.rssMB ?? 0), 0),
    async memoryBreakdown() {
      const reply = next('memory');
      child.send({ type: 'memory' });
      return (await reply).memory;
    },
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'close' });
      await exited;
    },
  };
}

/** VmRSS and VmHWM of a process in MB (Linux); null where /proc is not there. */
export function procMemory(pid: number): { rssMB: number; hwmMB: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMB: Math.round(kb('VmRSS') / 1024), hwmMB: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** Every process below `pid` (children, their children…), from /proc/<pid>/task/<tid>/children (Linux). */
export function descendantsOf(pid: number): number[] {
  const out: number[] = [];
  const visit = (p: number) => {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      return;
    }
    for (const t of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${p}/task/${t}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const c of children.split(/\s+/).filter(Boolean).map(Number)) {
        out.push(c);
        visit(c);
      }
    }
  };
  visit(pid);
  return out;
}

export function memoryBreakdown(): MemoryBreakdown {
  const m = process.memoryUsage();
  const mb = (b: number) => Math.round(b / 1_048_576);
  return {
    rssMB: mb(m.rss),
    heapUsedMB: mb(m.heapUsed),
    heapTotalMB: mb(m.heapTotal),
    externalMB: mb(m.external),
    arrayBuffersMB: mb(m.arrayBuffers),
  };
}

export type Upload = { status: number; analysisId: string | null; error: string | null; ms: number };

/** One photo, one multipart request, as the web app sends it. */
export async function uploadPhoto(browser: TestBrowser, name: string, bytes: Uint8Array): Promise<Upload> {
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type: 'application/octet-stream' }), name);
  const t = performance.now();
  const response = await browser.fetch('/api/photos', {
    method: 'POST',
    body: form,
    headers: { origin: new URL(browser.baseUrl).origin },
  });
  const text = await response.text();
  const ms = performance.now() - t;
  if (response.status !== 202) {
    let error = text;
    try {
      error = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, analysisId: null, error, ms };
  }
  const body = PhotoUploadResponseSchema.parse(JSON.parse(text));
  return { status: response.status, analysisId: body.analyses[0]!.analysisId, error: null, ms };
}

export type Followed = { events: AnalysisEvent[]; arrivedAtMs: Record<string, number> };

/** Reads GET /api/analyses/:id/events until done or failed, noting when each event type first arrived. */
export async function followEvents(browser: TestBrowser, analysisId: string, timeoutMs = 120_000): Promise<Followed> {
  const response = await browser.fetch(`/api/analyses/${analysisId}/events`, {
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status !== 200 || !response.body) throw new Error(`events answered ${response.status}`);
  const events: AnalysisEvent[] = [];
  const arrivedAtMs: Record<string, number> = {};
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as AnalysisEvent;
      events.push(event);
      arrivedAtMs[event.type] ??= performance.now();
      if (event.type === 'done' || event.type === 'failed') return { events, arrivedAtMs };
    }
  }
  throw new Error(`event stream of ${analysisId} ended without done or failed`);
}

export async function getAnalysis(browser: TestBrowser, analysisId: string): Promise<Analysis> {
  const { status, body } = await browser.api(`/api/analyses/${analysisId}`);
  if (status !== 200) throw new Error(`GET /api/analyses/${analysisId} answered ${status}`);
  return AnalysisSchema.parse(body.analysis);
}

/** Nearest-rank percentile of an unsorted list. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round = (n: number, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

export type Stats = {
  n: number;
  p50: number | null;
  p95: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
};

export function stats(values: readonly number[]): Stats {
  const n = values.length;
  return {
    n,
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    mean: round(n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN),
    min: round(n ? Math.min(...values) : Number.NaN),
    max: round(n ? Math.max(...values) : Number.NaN),
  };
}

/** The machine the figures come from; the load average says how busy it was with other people's work. */
export function machine() {
  const cpu = cpus();
  return {
    cpus: cpu.length,
    availableParallelism: availableParallelism(),
    cpuModel: cpu[0]?.model ?? 'unknown',
    totalMemoryMB: Math.round(totalmem() / 1_048_576),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverage1mAtStart: round(loadavg()[0] ?? Number.NaN, 2),
  };
}

/** The corpus manifest, generated first when missing (or when it was made at another size). */
export async function loadCorpus(dir = DEFAULT_CORPUS_DIR): Promise<{ dir: string; manifest: Manifest }> {
  const file = join(dir, 'manifest.json');
  if (existsSync(file)) {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    // A manifest from an older generator (no neighbourhoodAlso) is made again rather than misread.
    const current = manifest.withGps.every(
      (e) => Array.isArray(e.expected.neighbourhoodAlso) && existsSync(join(dir, e.file)),
    );
    if (manifest.width === 4000 && manifest.height === 3000 && current) {
      return { dir, manifest };
    }
  }
  console.error(`generating the corpus in ${dir}…`);
  return { dir, manifest: await generateCorpus({ outDir: dir, log: (l) => console.error(l) }) };
}

/** Updates one figure of bench/results/summary.json (read by GET /api/benchmarks/latest), keeping the other. */
export function writeSummaryFigure(key: keyof LatestBenchmarks, figure: MeasuredFigure | null): void {
  let current: LatestBenchmarks = { accuracy: null, speed: null, signs: null };
  if (existsSync(SUMMARY_FILE)) {
    const parsed = LatestBenchmarksSchema.safeParse(JSON.parse(readFileSync(SUMMARY_FILE, 'utf8')));
    if (parsed.success) current = parsed.data;
  }
  const next = LatestBenchmarksSchema.parse({ ...current, [key]: figure });
  writeFileSync(SUMMARY_FILE, `${JSON.stringify(next, null, 2)}\n`);
}

export function writeResult(name: string, data: unknown): string {
  const file = resolve(RESULTS_DIR, name);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]!, i);
      }
    }),
  );
  return out;
}

export const NOTE_SHARED_MACHINE =
  'Measured on a 2-core machine shared with other engineers working at the same time (builds, tests, editors); figures are noisy and pessimistic.';
