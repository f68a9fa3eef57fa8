/**
 * Data API benchmark (issue 5): on PostgreSQL with 1,000 users and 100,000 analyses spread over the county,
 * p50/p99 of my-analyses, search, nearby and stats for one signed-in user, then throughput at 64 connections of
 * the my-analyses endpoint (with the session cookie) beside a bare JSON route of the same server, in the same run.
 *
 *   npm run bench:data-api -- --db postgres://postgres@127.0.0.1:5432/postgres [--users 1000] [--analyses 100000]
 *
 * It creates (and at the end drops) its own database `vt_bench_data_api` on that server. Prints JSON; never fails
 * on time. Latencies are measured by the client over HTTP on localhost, one request at a time. Throughput uses
 * autocannon in a child process so the load generator does not share the server's event loop. The bare route is
 * outside /api/, so it is neither authenticated nor counted by the API usage recorder; the list route pays both.
 * Two more references: the bare page answers the list's own ~20 KB text the same way, and /api/health is the
 * cheapest API call that makes a PostgreSQL round trip (`select 1`). Every load run also reports
 * the CPU it cost per request in the server, in PostgreSQL and in the load generator: all three share the cores.
 */
import { spawn } from 'node:child_process';
import inspector from 'node:inspector/promises';
import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '@vt/server/src/app';
import { openDatabase } from '@vt/server/src/db/client';
import { localServerConfig } from '@vt/server/src/test/server';
import { TestBrowser } from '@vt/server/src/test/browser';
import { mulberry32 } from '@vt/server/src/engine/geo/sampling';
import { seed } from './seed';

const BENCH_DB = 'vt_bench_data_api';
const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    users: { type: 'string' },
    analyses: { type: 'string' },
    samples: { type: 'string' },
    duration: { type: 'string' },
    out: { type: 'string' },
    keep: { type: 'boolean' },
    /** Writes a V8 CPU profile of the server during the list's load run to this file (.cpuprofile). */
    profile: { type: 'string' },
  },
  allowPositionals: true,
});
const adminUrl = values.db ?? process.env.DATABASE_URL;
if (!adminUrl || !/^postgres(ql)?:\/\//.test(adminUrl))
  throw new Error('--db postgres://… (a server where a database can be created) is required');
const USERS = Number(values.users ?? 1000);
const ANALYSES = Number(values.analyses ?? 100_000);
const SAMPLES = Number(values.samples ?? 300);
const DURATION_S = Number(values.duration ?? 10);
const log = (m: string) => console.error(`[data-api bench] ${m}`);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;

async function timeEndpoint(browser: TestBrowser, name: string, paths: () => string) {
  for (let i = 0; i < 30; i++) await browser.api(paths()); // warm-up: plans cached, pages in memory
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const path = paths();
    const t = performance.now();
    const res = await browser.api(path);
    ms.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${name}: ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  ms.sort((a, b) => a - b);
  return {
    samples: ms.length,
    p50Ms: round(percentile(ms, 50)),
    p99Ms: round(percentile(ms, 99)),
    maxMs: round(ms.at(-1)!),
  };
}

type Cannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** CPU seconds (user + system) a process has used so far, from /proc; null once it is gone. */
const TICKS_PER_SECOND = 100;
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** CPU seconds so far of every PostgreSQL process on this machine, by pid (the server runs here, as it does in CI). */
function postgresCpuSeconds(): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const seconds = cpuSecondsOf(Number(name));
    if (seconds !== null) out.set(Number(name), seconds);
  }
  return out;
}
/** What PostgreSQL used between two readings; a process that ended in between is missed, one that began counts whole. */
function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpuSeconds()) total += seconds - (before.get(pid) ?? 0);
  return total;
}
const processCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * Where the CPU went during a load run, per request: this process (the server, its event loop and threads; the
 * harness is idle meanwhile), PostgreSQL, and the load generator. All three share the machine's cores, so a route's
 * throughput is bounded by the sum, not by the server alone.
 */
type CpuShare = { serverMsPerRequest: number; postgresMsPerRequest: number; loadGeneratorMsPerRequest: number };

function autocannon(url: string, headers: Record<string, string>): Promise<Cannon & { cpu: CpuShare }> {
  const bin = join(REPO, 'node_modules', '.bin', 'autocannon');
  const args = [
    '-c',
    '64',
    '-d',
    String(DURATION_S),
    '-j',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
    url,
  ];
  const server0 = processCpuSeconds();
  const pg0 = postgresCpuSeconds();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    // The load generator's CPU is sampled while it runs (its /proc entry goes with it); the last 100 ms are missed.
    let generator = 0;
    const sampler = setInterval(() => (generator = cpuSecondsOf(child.pid!) ?? generator), 100);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      const server = processCpuSeconds() - server0;
      const postgres = postgresCpuSince(pg0);
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const cannon = JSON.parse(out) as Cannon;
      const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, cannon.requests.total)) / 1000;
      resolvePromise({
        ...cannon,
        cpu: {
          serverMsPerRequest: perRequest(server),
          postgresMsPerRequest: perRequest(postgres),
          loadGeneratorMsPerRequest: perRequest(generator),
        },
      });
    });
  });
}
const summary = (c: Cannon & { cpu: CpuShare }) => ({
  requestsPerSecond: round(c.requests.average),
  cpu: c.cpu,
  latencyP50Ms: c.latency.p50,
  latencyP99Ms: c.latency.p99,
  non2xx: c.non2xx,
  errors: c.errors + c.timeouts,
});

// A fresh database on the given server.
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${BENCH_DB}`);
await admin.query(`create database ${BENCH_DB}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${BENCH_DB}`;

const database = await openDatabase({ url: dbUrl.toString() });
await database.migrate();
const serverVersion = (await database.pool!.query('show server_version')).rows[0].server_version as string;

const { config, port, dataDir, baseUrl } = await localServerConfig({
  // No analysis runs here; keep the job runner out of the measurement.
  ANALYSIS_WORKER: 'false',
  TEXT_LOCATOR: 'false',
});
const app = await buildApp({ config, database, logger: false });
// The bare route: the same server, no session, no database.
app.get('/bench/bare', async () => ({ ok: true }));
// A second reference: the list's own answer, kept as text, with no session and no database. What separates it from
// the bare route is only moving a page of ~20 KB instead of a few bytes.
let pageBody = '{}';
app.get('/bench/bare-page', async (_request, reply) => reply.type('application/json; charset=utf-8').send(pageBody));
await app.listen({ port, host: '127.0.0.1' });

const browser = new TestBrowser(baseUrl);
await browser.signIn('bench-data@example.com', 'Bench Data');
const me = (await browser.api('/api/users/profile')).body.user as { id: string };

log(`seeding ${USERS} users and ${ANALYSES} analyses into ${BENCH_DB} (PostgreSQL ${serverVersion})`);
const seeded = await seed(database.pool!, { users: USERS, analyses: ANALYSES, extraUserIds: [me.id], log });
log(`seeded in ${seeded.seconds} s`);

// What the benchmarked user has: their words to search and points to search near.
const mine = (
  await database.pool!.query(
    `select analysis_result ->> 'name' as name, (analysis_result ->> 'lat')::float8 as lat, (analysis_result ->> 'lng')::float8 as lng
   from analyses where user_id = $1`,
    [me.id],
  )
).rows as { name: string; lat: number; lng: number }[];
const rand = mulberry32(7);
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
const words = [
  ...new Set(
    mine.flatMap((m) =>
      m.name.split(/\s+/).filter((w) => w.length >= 4 && !['street', 'view'].includes(w.toLowerCase())),
    ),
  ),
];
const total = mine.length;

const latency = {
  myAnalyses: await timeEndpoint(
    browser,
    'my',
    () => `/api/analysis/my?limit=20&offset=${Math.floor(rand() * Math.max(1, total - 20))}`,
  ),
  search: await timeEndpoint(
    browser,
    'search',
    () => `/api/analysis/search?query=${encodeURIComponent(pick(words).slice(0, 5))}&limit=20`,
  ),
  nearby: await timeEndpoint(browser, 'nearby', () => {
    const p = pick(mine);
    return `/api/analysis/nearby?lat=${p.lat + (rand() - 0.5) * 0.01}&lng=${p.lng + (rand() - 0.5) * 0.01}&radius=1&limit=20`;
  }),
  stats: await timeEndpoint(browser, 'stats', () => '/api/analysis/stats'),
  locationsSearch: await timeEndpoint(
    browser,
    'locations search',
    () => `/api/locations/search?query=${encodeURIComponent(pick(words).slice(0, 4))}`,
  ),
};
log('latency done; throughput at 64 connections');

const cookie = `vt_session=${browser.cookie('vt_session')}`;
pageBody = JSON.stringify((await browser.api('/api/analysis/my?limit=20&offset=0')).body);
await autocannon(`${baseUrl}/bench/bare`, {}); // warm-up run, not reported
const bare = await autocannon(`${baseUrl}/bench/bare`, {});
const barePage = await autocannon(`${baseUrl}/bench/bare-page`, {});
// The cheapest API call that goes to PostgreSQL: /api/health runs `select 1` (and is counted like any API call).
const health = await autocannon(`${baseUrl}/api/health`, {});
const profiler = values.profile ? new inspector.Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const list = await autocannon(`${baseUrl}/api/analysis/my?limit=20&offset=0`, { cookie });
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(values.profile!, JSON.stringify(profile));
  profiler.disconnect();
  log(`CPU profile of the list run: ${values.profile}`);
}
await app.apiUsage.flush();

const result = {
  benchmark: 'data-api',
  date: new Date().toISOString(),
  machine: {
    cores: availableParallelism(),
    loadAverage1m: round(loadavg()[0]!),
    note: 'shared machine; other work was running',
  },
  database: {
    kind: 'postgres',
    version: serverVersion,
    users: USERS,
    analyses: seeded.analyses,
    benchmarkedUserAnalyses: total,
    seedSeconds: seeded.seconds,
  },
  latency,
  throughput64: {
    durationSeconds: DURATION_S,
    bareJson: summary(bare),
    barePage: { ...summary(barePage), bytes: Buffer.byteLength(pageBody) },
    healthSelectOne: summary(health),
    myAnalyses: summary(list),
    ratio: round(list.requests.average / bare.requests.average),
  },
  targets: { p99ListAndNearbyMs: 30, listThroughputShareOfBare: 0.4 },
};
console.log(JSON.stringify(result, null, 2));
if (values.out) {
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
}

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (!values.keep) await admin.query(`drop database if exists ${BENCH_DB}`);
await admin.end();
