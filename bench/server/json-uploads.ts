/**
 * Memory under oversized JSON photo bodies (issue 12): 20 parallel 32 MB bodies to POST /api/fast-analysis,
 * from one user and from 20 users, against the server in its own process, with the in-flight bounds at their
 * defaults and with them lifted (what the server did before). Prints the server's peak RSS (VmRSS sampled every
 * 10 ms), the answers by status, and how long the burst took. Figures only; nothing here passes or fails.
 *
 *   npm run bench:server:json-uploads
 */
import { TestBrowser } from '@vt/server/src/test/browser';
import { machine, startServerProcess, writeResult } from '../engine/harness';

const BODY_MB = 32;
const PARALLEL = 20;

const body = JSON.stringify({ imageData: `data:image/jpeg;base64,${'A'.repeat(BODY_MB * 1_048_576)}` });

async function burst(label: string, env: Record<string, string>, users: number) {
  const server = await startServerProcess({ kind: 'pglite-disk' }, env);
  try {
    const browsers = [server.browser];
    for (let i = 1; i < users; i++) {
      const b = new TestBrowser(server.baseUrl);
      await b.signIn(`json-bench-${i}@example.com`, `Bench ${i}`);
      browsers.push(b);
    }
    const baseline = server.rss()?.rssMB ?? Number.NaN;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss()?.rssMB ?? Number.NaN)), 10);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        const browser = browsers[i % browsers.length]!;
        const t = performance.now();
        const res = await browser.fetch('/api/fast-analysis', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json', origin: new URL(server.baseUrl).origin },
        });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - t };
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const byStatus: Record<string, number> = {};
    for (const s of statuses) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
    const refused = statuses.filter((s) => s.status === 429).map((s) => s.ms);
    const result = {
      label,
      users,
      env,
      baselineRssMB: baseline,
      peakRssMB: peak,
      answers: byStatus,
      burstSeconds: Math.round(seconds * 100) / 100,
      slowest429Ms: refused.length ? Math.round(Math.max(...refused)) : null,
      serverAnswersAfter: (await server.browser.fetch('/api/health')).status,
    };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    await server.close();
  }
}

const lifted = { JSON_UPLOADS_IN_FLIGHT_BYTES: String(1e12), JSON_UPLOADS_PER_USER: '100' };
const runs = [
  await burst('bounded (defaults), one user', {}, 1),
  await burst('bounded (defaults), 20 users', {}, 20),
  await burst('unbounded (bounds lifted), 20 users', lifted, 20),
];
const file = writeResult('json-uploads-memory.json', {
  name: 'json-uploads-memory',
  benchmark: 'bench/server/json-uploads.ts',
  date: new Date().toISOString(),
  machine: machine(),
  setup: {
    bodies: `${PARALLEL} parallel POST /api/fast-analysis, each a ${BODY_MB} MB JSON body (a data URL of no image: answered 415 once read)`,
    server: 'its own process, embedded PGlite on disk, npm start flags; RSS from /proc/<pid>/status every 10 ms',
    defaults: 'JSON_UPLOADS_IN_FLIGHT_BYTES = 64 MB, JSON_UPLOADS_PER_USER = 2',
  },
  runs,
});
console.log(`wrote ${file}`);
