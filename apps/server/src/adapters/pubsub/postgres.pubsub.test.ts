import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../db/client';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/db';
import { createPubSub } from './create-pubsub';
import { LISTENER_APPLICATION_NAME, PostgresPubSub } from './postgres.pubsub';
import { channelName, eventually, pubsubContract } from './pubsub.contract';
import type { PubSub } from './pubsub';

if (testDatabaseKind() === 'postgres') {
  describe('PostgresPubSub (LISTEN/NOTIFY) across two connection pools', () => {
    let t: TestDatabase;
    let pools: pg.Pool[] = [];
    let open: PubSub[] = [];
    // Each instance gets its own pool, as a second server process would.
    const make = () => {
      const pool = new pg.Pool({ connectionString: t.url, max: 2 });
      // As the server's own pool does (db/client.ts): an idle client dropped by the server (here, while the test
      // database is closed and dropped) must not surface as an unhandled error of the whole run.
      pool.on('error', () => {});
      pools.push(pool);
      const p = new PostgresPubSub({ pool, reconnectMs: 50 });
      open.push(p);
      return p;
    };
    beforeAll(async () => {
      t = await openTestDatabase();
    });
    afterEach(async () => {
      await Promise.all(open.map((p) => p.close()));
      await Promise.all(pools.map((p) => p.end()));
      open = [];
      pools = [];
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is what a PostgreSQL database gets', async () => {
      const p = createPubSub({ redisUrl: undefined, database: t.database });
      open.push(p);
      expect(p.kind).toBe('postgres');
    });

    pubsubContract(() => ({ a: make(), b: make() }));

    it('re-opens the listening connection, with its LISTENs, after the server drops it', async () => {
      const a = make();
      const b = make();
      const channel = channelName();
      const got: unknown[] = [];
      let reconnects = 0;
      b.onReconnect(() => reconnects++);
      await b.subscribe(channel, (m) => got.push(m));
      const dbName = new URL(t.url!).pathname.slice(1);
      const { rows } = await t.database.pool!.query(
        `select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1 and datname = $2`,
        [LISTENER_APPLICATION_NAME, dbName],
      );
      expect(rows.length).toBeGreaterThan(0);
      // Published until heard: notifications sent while nobody listens are (by design) not kept.
      await eventually(async () => {
        await a.publish(channel, 'after');
        expect(got).toContain('after');
      });
      // Told, so a subscriber can catch up on what was sent while nobody listened.
      expect(reconnects).toBe(1);
    });
  });
} else {
  describe('pub/sub on PGlite', () => {
    it('is in-process (one process owns the database), delivering to every subscriber', async () => {
      // No migrations needed: only the kind of database matters here.
      const database = await openDatabase({ dataDir: 'memory://' });
      const p = createPubSub({ redisUrl: undefined, database });
      try {
        expect(p.kind).toBe('memory');
        const got: unknown[] = [];
        await p.subscribe('announcements', (m) => got.push(m));
        await p.publish('announcements', { id: 7 });
        expect(got).toEqual([{ id: 7 }]);
      } finally {
        await p.close();
        await database.close();
      }
    });
  });
}
