import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { users } from '../db/schema';
import { photos } from '../db/schema.analyses';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database dumped to a file (test/pglite-template.ts), or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * A fresh, migrated database per test file. VT_TEST_DB=postgres (set by `npm test` when
 * TEST_DATABASE_URL is present) creates a throw-away database on that server; otherwise PGlite in memory.
 */
export type TestDatabase = { database: Database; url: string | undefined; close(): Promise<void> };

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.VT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'pglite') {
    // The run's migrated template (test/pglite-template.ts) when there is one: the same database, without initdb.
    const template = inject('pgliteTemplate');
    const database = await openDatabase({
      dataDir: 'memory://',
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    if (!template) await database.migrate();
    return { database, url: undefined, close: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('VT_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `vt_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A signed-up user straight in the database, for tests below the HTTP layer: its id. */
export async function insertTestUser(db: Database['db'], email: string, name: string): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ issuer: 'test', subject: randomUUID(), email, name })
    .returning({ id: users.id });
  return user!.id;
}

/** A photo row with nothing behind it (no file, 1 × 1), for tests of what is stored about photos: its id. */
export async function insertTestPhoto(db: Database['db'], userId: string, originalName = 'p.jpg'): Promise<string> {
  const [photo] = await db
    .insert(photos)
    .values({ userId, originalName, format: 'jpeg', mimeType: 'image/jpeg', byteSize: 1, width: 1, height: 1 })
    .returning({ id: photos.id });
  return photo!.id;
}
