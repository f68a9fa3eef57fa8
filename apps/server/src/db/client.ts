import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installPgTransactionFix } from './pg-transaction-fix';
import * as coreSchema from './schema';
import * as analysesSchema from './schema.analyses';
import * as locationsSchema from './schema.locations';
import * as accessSchema from './schema.access';
import * as notificationsSchema from './schema.notifications';
import * as gallerySchema from './schema.gallery';
import * as dataSchema from './schema.data';
import * as activitySchema from './schema.activity';
import * as tripsSchema from './schema.trips';

const schema = {
  ...coreSchema,
  ...analysesSchema,
  ...locationsSchema,
  ...accessSchema,
  ...notificationsSchema,
  ...gallerySchema,
  ...dataSchema,
  ...activitySchema,
  ...tripsSchema,
};

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is plugged in. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Round-trip time of a trivial query, or null when the database does not answer. */
  ping(): Promise<number | null>;
  close(): Promise<void>;
  /** Raw pg pool when on PostgreSQL (LISTEN/NOTIFY, row locks across processes). */
  pool: pg.Pool | undefined;
  /** PGlite only: the database's files as one tar, which `openDatabase({ loadDataDir })` starts from. */
  dump?(): Promise<Blob>;
};

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Opens PostgreSQL through `url` when given, else embedded PGlite in `dataDir/pglite`
 * (`dataDir` = 'memory://' gives a throw-away in-memory database for tests).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  /** An in-memory database starts as this dump of another (PGlite's `dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    installPgTransactionFix((client) => client instanceof pg.Pool);
    // A connection that cannot be made in 5 s fails the request (503) rather than holding it while PostgreSQL is away.
    const pool = new pg.Pool({ connectionString: opts.url, max: 20, connectionTimeoutMillis: 5000 });
    // A dropped server connection must not crash the process; queries report it instead. The pool listens on
    // idle clients only: a client checked out between two queries (inside a transaction) that loses its server
    // emits 'error' with nobody listening, an uncaught exception, so every client gets its own listener too. A
    // client that failed is not queryable any more and the pool discards it on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      ping: () => timed(db),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  let location = dir;
  if (!dir.startsWith('memory://')) {
    location = join(dir, 'pglite');
    mkdirSync(location, { recursive: true });
    if (!existsSync(join(location, 'PG_VERSION'))) await initDataDirInChild(location);
  }
  // 16 MB of shared buffers instead of PostgreSQL's 128 MB: the embedded database serves one process, its files are
  // in the OS page cache anyway, and the WASM heap is resident memory (steady RSS ~376 MB → ~254 MB, measured).
  const client = await PGlite.create(location, {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers=16MB'],
    ...(opts.loadDataDir && location.startsWith('memory://') ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pool: undefined,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => timed(db),
    close: () => client.close(),
    dump: async () => client.dumpDataDir('none'),
  };
}

const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));

/**
 * Runs PGlite's initdb for a new data directory in a short-lived child process. In this process it would run two
 * more WASM PostgreSQL instances beside the one the server keeps (initdb and a bootstrap instance): a peak near
 * 750 MB, and about 150 MB that glibc's malloc keeps resident for the life of the server after they are freed.
 * The child's memory goes back to the system when it exits; the server then opens the initialised directory.
 */
function initDataDirInChild(location: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [INITDB_SCRIPT, location], { maxBuffer: 4 * 1_048_576 }, (error, _stdout, stderr) => {
      if (error)
        reject(new Error(`Could not create the PGlite database in ${location}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

async function timed(db: Db): Promise<number | null> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    return Math.round((performance.now() - started) * 100) / 100;
  } catch {
    return null;
  }
}

/** Rows of a raw SQL query, whichever driver answered (both return `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
