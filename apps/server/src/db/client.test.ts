import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../test/db';
import { queryRows } from './client';

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
