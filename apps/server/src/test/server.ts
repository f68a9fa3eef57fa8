import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { TestBrowser } from './browser';
import { openTestDatabase, type TestDatabase } from './db';
import { openDatabase } from '../db/client';
import { checkResponses } from './response-check';

export type TestServer = {
  baseUrl: string;
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  /** A fresh browser (own cookie jar) for this server. */
  browser(): TestBrowser;
  /** A fresh browser that has signed in through the real OIDC flow. */
  signIn(email: string, name?: string): Promise<TestBrowser>;
  close(): Promise<void>;
};

/**
 * The configuration of a throw-away server on this machine: a port on 127.0.0.1 (a free one unless given), a fresh
 * data directory that the caller removes, no built web app, silent logs, a fixed session secret; `env` adds to it
 * or overrides it. The test servers and the benchmarks' in-process servers all start from it.
 */
export async function localServerConfig(
  env: Record<string, string> = {},
  port?: number,
): Promise<{ config: Config; port: number; dataDir: string; baseUrl: string }> {
  const chosen = port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'vt-test-'));
  const baseUrl = `http://127.0.0.1:${chosen}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(chosen),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...env,
  });
  return { config, port: chosen, dataDir, baseUrl };
}

/** A free TCP port on 127.0.0.1 (reserved briefly, then released for the caller). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The whole app (buildApp) on a test database, listening on 127.0.0.1 with PUBLIC_URL set to that
 * address, so redirects and the local provider's issuer are real.
 */
export async function startTestServer(
  opts: {
    env?: Record<string, string>;
    port?: number;
    adjust?: (config: Config) => void;
    /**
     * Run on another test server's database, as a second server process would: on PostgreSQL through its own
     * pool; on PGlite (in-process only) the same instance. Closing leaves the database to its owner.
     */
    shareDatabaseWith?: TestDatabase;
  } = {},
): Promise<TestServer> {
  const port = opts.port ?? (await freePort());
  const { config, dataDir, baseUrl } = await localServerConfig(
    {
      // Test files run in parallel against one Redis: each server counts its own rate limits unless a test shares a prefix.
      REDIS_KEY_PREFIX: `vt-test-${port}:`,
      // Tests that are not about quotas upload many photos per user; quota tests pass their own limits in env.
      DEFAULT_WEEKLY_IMAGE_LIMIT: '100000',
      DEFAULT_IMAGES_PER_INSTANCE: '100',
      // Likewise the map's own calls (the location index); tests about map access pass DEFAULT_MAP_ACCESS=false.
      DEFAULT_MAP_ACCESS: 'true',
      // Likewise parallel JSON uploads by one user; the in-flight bounds' own tests pass their limits.
      JSON_UPLOADS_PER_USER: '100',
      ...opts.env,
    },
    port,
  );
  opts.adjust?.(config);
  const db = opts.shareDatabaseWith ? await joinDatabase(opts.shareDatabaseWith) : await openTestDatabase();
  const app = await buildApp({ config, database: db.database, logger: false });
  // Every integration test also checks that each answer is what the OpenAPI document says of its route.
  const mismatches = checkResponses(app);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl,
    app,
    config,
    db,
    browser: () => new TestBrowser(baseUrl),
    async signIn(email, name = '') {
      const b = new TestBrowser(baseUrl);
      await b.signIn(email, name);
      return b;
    },
    async close() {
      // The server's own close ends what would hold it (event streams, fast-analysis waits); a request some other
      // handler still holds after 5 s is dropped, so a teardown never waits out a long wait of its own.
      const late = setTimeout(() => app.server.closeAllConnections(), 5_000);
      await app.close();
      clearTimeout(late);
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (mismatches.length > 0)
        throw new Error(
          `Answers not as documented (the route's schemas in the OpenAPI document):\n${mismatches
            .map((m) => `${m.route} → ${m.status}: ${m.problem}`)
            .join('\n')}`,
        );
    },
  };
}

/** Its own pool on a database another test server created; closing it leaves the database to its owner. */
async function joinDatabase(owner: TestDatabase): Promise<TestDatabase> {
  if (!owner.url) return { database: owner.database, url: undefined, close: async () => {} };
  const database = await openDatabase({ url: owner.url });
  return { database, url: owner.url, close: () => database.close() };
}
