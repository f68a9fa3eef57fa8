/**
 * Soak (issue 12): 200 connections of reads plus a steady stream of photo uploads for 60 s, against two server
 * processes on one PostgreSQL with Redis, and the same load against one process. Prints requests/s, p99
 * latency, answers by status (5xx counted apart), peak RSS per server process, and analyses lost (uploads
 * answered 202 whose analysis has not finished 3 minutes after the load stopped).
 *
 *   npm run bench:server:soak [-- --seconds 60]
 *
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, where a throw-away
 * database is made) and Redis at REDIS_URL (default redis://127.0.0.1:6379). The load generator (autocannon)
 * runs in child processes and shares this machine's two cores with the servers and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { gpsJpeg } from '@vt/server/src/modules/analyses/photos.fixtures';
import { machine, REPO_ROOT, startServerProcess, writeResult, type ServerProcess } from '../engine/harness';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' } } });
const SECONDS = Number(values.seconds);
const CONNECTIONS = 200;
/** Uploads per second across the deployment: steady work for the runners, not a flood of the queue. */
const UPLOADS_PER_SECOND = 6;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type Cannon = {
  requests: { average: number; total: number };
  latency: { p99: number; p50: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
};

/** One autocannon run in a child process (bench/server/cannon.mjs), so the load generator has its own event loop. */
function autocannon(opts: Record<string, unknown>): Promise<Cannon> {
  const script = join(REPO_ROOT, 'bench', 'server', 'cannon.mjs');
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script, JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise(JSON.parse(out) as Cannon) : reject(new Error(`autocannon exited with ${code}`)),
    );
  });
}

async function multipartFile(dir: string): Promise<{ file: string; contentType: string }> {
  const boundary = '----vt-soak-boundary';
  const photo = await gpsJpeg(25.7617, -80.1918, { accuracyM: 8, width: 1600, height: 1200 });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="soak.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const file = join(dir, 'upload.multipart');
  writeFileSync(file, body);
  return { file, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Reads and uploads against the given processes, sharing out the 200 connections; RSS sampled meanwhile. */
async function load(servers: ServerProcess[], upload: { file: string; contentType: string }) {
  const peaks = servers.map((s) => s.rss()?.rssMB ?? 0);
  const sampler = setInterval(
    () => servers.forEach((s, i) => (peaks[i] = Math.max(peaks[i]!, s.rss()?.rssMB ?? 0))),
    100,
  );
  const uploaders = 2 * servers.length;
  const readers = Math.floor((CONNECTIONS - uploaders) / servers.length);
  const runs = servers.flatMap((s) => {
    const cookie = `vt_session=${s.browser.cookie('vt_session')}`;
    return [
      autocannon({
        url: `${s.baseUrl}/api/analysis/my?limit=20`,
        connections: readers,
        duration: SECONDS,
        headers: { cookie },
      }),
      autocannon({
        url: `${s.baseUrl}/api/photos`,
        connections: 2,
        overallRate: Math.max(1, Math.round(UPLOADS_PER_SECOND / servers.length)),
        duration: SECONDS,
        method: 'POST',
        bodyFile: upload.file,
        headers: { cookie, 'content-type': upload.contentType, origin: s.baseUrl },
      }),
    ];
  });
  const results = await Promise.all(runs);
  clearInterval(sampler);
  const reads = results.filter((_, i) => i % 2 === 0);
  const uploads = results.filter((_, i) => i % 2 === 1);
  const statuses: Record<string, number> = {};
  for (const r of results)
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {}))
      statuses[code] = (statuses[code] ?? 0) + count;
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  return {
    connections: readers * servers.length + uploaders,
    requestsPerSecond: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    totalRequests: total,
    readP99Ms: Math.max(...reads.map((r) => r.latency.p99)),
    readP50Ms: Math.max(...reads.map((r) => r.latency.p50)),
    uploadP99Ms: Math.max(...uploads.map((r) => r.latency.p99)),
    answersByStatus: statuses,
    fiveHundreds: Object.entries(statuses)
      .filter(([c]) => Number(c) >= 500)
      .reduce((n, [, c]) => n + c, 0),
    connectionErrors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    uploadsAccepted: uploads.reduce((n, r) => n + (r.statusCodeStats?.['202']?.count ?? 0), 0),
    peakRssMB: peaks,
  };
}

/** Waits until every analysis has finished (or 3 minutes pass) and counts what is not done. */
async function drain(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  let rows: Array<{ status: string; n: number }> = [];
  for (;;) {
    rows = (
      await client.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from analyses group by status`,
      )
    ).rows;
    const open = rows.filter((r) => r.status === 'queued' || r.status === 'running').reduce((n, r) => n + r.n, 0);
    if (open === 0 || Date.now() - started > 180_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await client.end();
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  return { analysesByStatus: by, drainSeconds: Math.round((Date.now() - started) / 100) / 10 };
}

async function scenario(label: string, processes: number) {
  const name = `vt_bench_soak_${processes}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  // Both processes store photos in one folder, as a deployment shares a bucket: a job may run on either.
  const dataDir = mkdtempSync(join(tmpdir(), 'vt-soak-'));
  const env = {
    DATA_DIR: dataDir,
    REDIS_URL,
    REDIS_KEY_PREFIX: `${name}:`,
    DEFAULT_IMAGES_PER_INSTANCE: '10',
    TEXT_LOCATOR: 'false',
  };
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < processes; i++)
      servers.push(await startServerProcess({ kind: 'postgres', url: url.toString() }, env));
    const upload = await multipartFile(dataDir);
    const measured = await load(servers, upload);
    const drained = await drain(url.toString());
    // Uploads still in flight when the load generator stopped are stored without being counted as answered, so
    // the stored analyses may outnumber the 202s seen: lost = accepted but never stored, plus stored but not done.
    const stored = Object.values(drained.analysesByStatus).reduce((n, c) => n + c, 0);
    const notDone = stored - (drained.analysesByStatus.done ?? 0);
    const lost = Math.max(0, measured.uploadsAccepted - stored) + notDone;
    const result = { label, processes, ...measured, ...drained, analysesStored: stored, analysesLost: lost };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    for (const s of servers) await s.close().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const two = await scenario('two processes, PostgreSQL + Redis', 2);
const one = await scenario('one process, PostgreSQL + Redis', 1);
const file = writeResult('server-soak.json', {
  name: 'server-soak',
  benchmark: 'bench/server/soak.ts',
  date: new Date().toISOString(),
  machine: machine(),
  note: 'Servers, PostgreSQL, Redis and the load generator share this 2-core machine.',
  setup: {
    seconds: SECONDS,
    connections: `${CONNECTIONS} in all: reads of GET /api/analysis/my?limit=20 on every connection but 2 per process, which upload`,
    uploads: `POST /api/photos, one 1600×1200 GPS JPEG each, about ${UPLOADS_PER_SECOND}/s across the deployment (autocannon -R)`,
    servers: 'each in its own process with npm start flags, an in-process job runner (2 workers), the text locator off',
    analysesLost:
      'uploads answered 202 but not stored, plus stored analyses not done after waiting up to 3 minutes for the queue to empty',
  },
  targets: {
    informationOnly: 'targets from the issue, shown beside the figures',
    fiveHundreds: 0,
    peakRssMBPerProcess: 500,
    analysesLost: 0,
  },
  runs: [two, one],
});
console.log(`wrote ${resolve(file)}`);
