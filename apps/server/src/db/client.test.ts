import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MyLimitsSchema } from '@vt/shared';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../test/db';
import { startTestServer, type TestServer } from '../test/server';
import type { TestBrowser } from '../test/browser';
import { plainJpeg } from '../modules/analyses/photos.fixtures';
import { openDatabase, queryRows } from './client';

describe('database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t.close());

  it('applies migrations and answers a ping', async () => {
    expect(await t.database.ping()).not.toBeNull();
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('migrating twice is a no-op', async () => {
    await t.database.migrate();
    expect(await t.database.ping()).not.toBeNull();
  });
});

describe('an in-memory database from a dump', () => {
  it('starts with the tables and rows of the database dumped, and is a database of its own', async () => {
    const first = await openDatabase({ dataDir: 'memory://' });
    try {
      await first.migrate();
      await first.db.execute(
        sql`insert into users (issuer, subject, email, name) values ('test', 'dumped', 'dumped@example.test', 'Dumped')`,
      );
      const dump = await first.dump!();
      const copy = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
      try {
        const rows = await queryRows<{ email: string }>(copy.db, sql`select email from users`);
        expect(rows).toEqual([{ email: 'dumped@example.test' }]);
        // The copy's writes stay in the copy.
        await copy.db.execute(sql`delete from users`);
        const left = await queryRows<{ n: number }>(first.db, sql`select count(*)::int as n from users`);
        expect(left[0]).toEqual({ n: 1 });
        await copy.migrate();
      } finally {
        await copy.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe('embedded database on disk', () => {
  it('creates a new data directory (initdb in a child process), then reopens it with its data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vt-db-'));
    try {
      const first = await openDatabase({ dataDir });
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      await first.migrate();
      await first.db.execute(
        sql`insert into users (issuer, subject, email, name) values ('local', 'disk', 'disk@example.com', 'Disk')`,
      );
      await first.close();

      const again = await openDatabase({ dataDir });
      const rows = await queryRows<{ email: string }>(again.db, sql`select email from users`);
      await again.close();
      expect(rows).toEqual([{ email: 'disk@example.com' }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // initdb runs PostgreSQL's bootstrap in WASM (~6 s alone, ~840 MB of fresh memory): beside other test files on a
    // 2-core machine it has taken 14–37 s.
  }, 90_000);
});

// drizzle's transaction left the pool's client checked out when BEGIN failed (db/pg-transaction-fix.ts).
if (testDatabaseKind() === 'postgres') {
  describe('transactions on a PostgreSQL pool', () => {
    it('give their connection back when BEGIN itself fails', async () => {
      const t = await openTestDatabase();
      const small = await openDatabase({ url: t.url! });
      small.pool!.options.max = 1;
      try {
        for (let i = 0; i < 3; i++) {
          // An isolation level PostgreSQL does not know makes BEGIN fail.
          await expect(
            small.db.transaction(async () => undefined, { isolationLevel: 'no such level' as 'serializable' }),
          ).rejects.toThrow();
        }
        // With the one connection leaked, this would wait for the pool and time out.
        expect(await queryRows<{ n: number }>(small.db, sql`select 1 as n`)).toEqual([{ n: 1 }]);
        expect(
          await small.db.transaction(async (tx) => (await queryRows<{ n: number }>(tx, sql`select 2 as n`))[0]!.n),
        ).toBe(2);
      } finally {
        await small.close();
        await t.close();
      }
    });
  });
}

// PostgreSQL goes away under load: every backend of the app's database is terminated and new connections are
// refused for a while, then allowed again. PGlite lives inside the process and cannot be cut off like this.
if (testDatabaseKind() === 'postgres') {
  describe('PostgreSQL outage under load', () => {
    let server: TestServer;
    let admin: pg.Client;
    let name: string;
    beforeAll(async () => {
      server = await startTestServer({ env: { ANALYSIS_WORKER: 'false', DEFAULT_WEEKLY_IMAGE_LIMIT: '100000' } });
      name = new URL(server.db.url!).pathname.slice(1);
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.query(`alter database ${name} with allow_connections true`).catch(() => {});
      await admin?.end();
      await server?.close();
    });

    async function uploadOne(browser: TestBrowser, i: number) {
      const form = new FormData();
      form.append('photo', new Blob([await plainJpeg(40 + (i % 50), 30)], { type: 'image/jpeg' }), `o${i}.jpg`);
      return browser.fetch('/api/photos', {
        method: 'POST',
        body: form,
        headers: { origin: new URL(browser.baseUrl).origin },
      });
    }

    it('answers 503 with Retry-After during the outage, never 500, recovers by itself, and leaves nothing half-written', async () => {
      const alice = await server.signIn('outage@example.com', 'Outage');
      const seen: Array<{ at: number; status: number; retryAfter: string | null; phase: string }> = [];
      let phase = 'before';
      let stop = false;
      let recovered = Number.POSITIVE_INFINITY;
      const loops = Array.from({ length: 4 }, async (_, loop) => {
        for (let i = 0; !stop; i++) {
          const res = loop % 2 ? await alice.fetch('/api/analysis/my') : await uploadOne(alice, i);
          await res.arrayBuffer();
          seen.push({ at: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), phase });
          await new Promise((r) => setTimeout(r, 20));
        }
      });

      try {
        await new Promise((r) => setTimeout(r, 800));
        phase = 'outage';
        await admin.query(`alter database ${name} with allow_connections false`);
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
        await new Promise((r) => setTimeout(r, 1500));
        const health = await alice.fetch('/api/health');
        const healthBody = (await health.json()) as {
          status: string;
          database: { reachable: boolean };
          down: string[];
        };
        expect(health.status).toBe(503);
        expect(healthBody).toMatchObject({
          status: 'degraded',
          database: { reachable: false },
          down: expect.arrayContaining(['database']),
        });
        expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);
        await admin.query(`alter database ${name} with allow_connections true`);
        phase = 'after';
        recovered = Date.now();
        await new Promise((r) => setTimeout(r, 3000));
      } finally {
        stop = true;
        await Promise.all(loops);
      }

      // Never a 500; the outage was answered 503 with Retry-After; requests succeed again by themselves.
      expect(seen.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
      const unavailable = seen.filter((s) => s.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      expect(unavailable.every((s) => Number(s.retryAfter) > 0)).toBe(true);
      expect(seen.filter((s) => s.phase === 'before').every((s) => s.status === 200 || s.status === 202)).toBe(true);
      const lastSecond = seen.filter((s) => s.at > recovered + 2000);
      expect(lastSecond.length).toBeGreaterThan(0);
      expect(lastSecond.every((s) => s.status === 200 || s.status === 202)).toBe(true);
      expect((await alice.fetch('/api/health')).status).toBe(200);

      // Nothing half-written: every photo has its queued analysis and its stored original, no file lacks its
      // photo, and the user is charged for exactly the photos stored (a reservation whose upload failed is given
      // back once the database answers again).
      const rows = await queryRows<{ photo_id: string; original_key: string; analyses: number; events: number }>(
        server.db.database.db,
        sql`select p.id as photo_id, p.original_key,
                   (select count(*)::int from analyses a where a.photo_id = p.id) as analyses,
                   (select count(*)::int from analysis_events e join analyses a on a.id = e.analysis_id where a.photo_id = p.id and e.type = 'received') as events
            from photos p join users u on u.id = p.user_id where u.email = 'outage@example.com'`,
      );
      const accepted = seen.filter((s) => s.status === 202).length;
      expect(rows).toHaveLength(accepted);
      expect(rows.every((r) => r.analyses === 1 && r.events === 1)).toBe(true);
      const root = server.config.storage.driver === 'local' ? server.config.storage.root : '';
      const originals = readdirSync(`${root}/originals`)
        .map((f) => `originals/${f}`)
        .sort();
      expect(originals).toEqual(rows.map((r) => r.original_key).sort());
      await expect
        .poll(async () => MyLimitsSchema.parse((await alice.api('/api/limits/me')).body).currentUsage, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe(accepted);
    }, 90_000);
  });
}
