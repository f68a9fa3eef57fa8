import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

/**
 * Vitest's global setup: one migrated PGlite database for the whole run, dumped to a file that every test file's
 * fresh database starts from (test/db.ts). A new in-memory cluster runs initdb, about 1.4–2.3 s a time on this
 * project's 2-core machines, and the runs open about a hundred; loading the dump takes 0.3–0.45 s. Each test still
 * gets a database of its own, with the same migrations applied as `migrate()` applies them.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.VT_TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', '');
    return () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'vt-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
