import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../test/db';
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

describe('embedded database on disk', () => {
  it('creates a new data directory (initdb in a child process), then reopens it with its data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vt-db-'));
    try {
      const first = await openDatabase({ dataDir });
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      await first.migrate();
      await first.db.execute(sql`insert into users (issuer, subject, email, name) values ('local', 'disk', 'disk@example.com', 'Disk')`);
      await first.close();

      const again = await openDatabase({ dataDir });
      const rows = await queryRows<{ email: string }>(again.db, sql`select email from users`);
      await again.close();
      expect(rows).toEqual([{ email: 'disk@example.com' }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
