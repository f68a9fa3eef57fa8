import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './db/client';
import { testDatabaseKind } from './test/db';
import { startTestServer, type TestServer } from './test/server';
import { startFakeVisionServer, structuredAnswer, type FakeVisionServer } from './test/fake-vision-server';
import { plainJpeg } from './modules/photos/photos.fixtures';
import { MyLimitsSchema } from '@vt/shared';

/** Every file under `root`, as storage keys. */
function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

// A runner process killed with SIGKILL leaves its jobs 'running' under its lease. On PGlite the one process that
// owns the database releases them at start; on PostgreSQL another live runner must take them over once the lease
// lapses. Real processes, a real kill -9.
if (testDatabaseKind() === 'postgres') {
  describe('a runner process killed mid-analysis (kill -9), PostgreSQL', () => {
    let web: TestServer | undefined;
    let fake: FakeVisionServer | undefined;
    const children: ChildProcess[] = [];
    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      await web?.close();
      await fake?.close();
    });

    it('its jobs are finished by a new runner within 30 s: none lost, none run to completion twice, none counted twice, no orphaned files', async () => {
      // The vision model answers slowly, so the first runner is mid-analysis when it dies.
      fake = await startFakeVisionServer({
        apiKey: 'sk-crash',
        defaultReply: { kind: 'slow', delayMs: 2500, then: { kind: 'json', answer: structuredAnswer({ lat: 25.7797, lng: -80.1896, name: 'Freedom Tower' }) } },
      });
      web = await startTestServer({ env: { ANALYSIS_WORKER: 'false', DEFAULT_WEEKLY_IMAGE_LIMIT: '50' } });
      const storageRoot = web.config.storage.driver === 'local' ? web.config.storage.root : '';
      const runner = () => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
          cwd: fileURLToPath(new URL('../', import.meta.url)),
          stdio: ['ignore', 'ignore', 'pipe'],
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: web!.db.url!,
            DATA_DIR: web!.config.dataDir,
            SESSION_SECRET: web!.config.sessionSecret,
            ANALYSIS_CONCURRENCY: '2',
            TEXT_LOCATOR: 'false',
            VISION_API_BASE_URL: fake!.baseUrl,
            VISION_API_KEY: 'sk-crash',
            VISION_MODEL: 'fake-vision-1',
            VISION_TIMEOUT_MS: '20000',
            LOG_LEVEL: 'silent',
          },
        });
        children.push(child);
        return child;
      };

      const alice = await web.signIn('crash@example.com', 'Crash');
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const form = new FormData();
        form.append('photo', new Blob([await plainJpeg(120 + i, 90)], { type: 'image/jpeg' }), `p${i}.jpg`);
        const res = await alice.fetch('/api/photos', { method: 'POST', body: form, headers: { origin: new URL(alice.baseUrl).origin } });
        expect(res.status).toBe(202);
        ids.push(((await res.json()) as { analyses: { analysisId: string }[] }).analyses[0]!.analysisId);
      }
      const rows = () =>
        queryRows<{ id: string; status: string; attempts: number; locked_by: string | null }>(
          web!.db.database.db,
          sql`select id, status, attempts, locked_by from analyses where id in ${ids}`,
        );

      const first = runner();
      const deadline = Date.now() + 60_000;
      while (!(await rows()).some((r) => r.status === 'running' && r.locked_by?.includes(`:${first.pid}:`))) {
        if (Date.now() > deadline) throw new Error('the first runner never started a job');
        await new Promise((r) => setTimeout(r, 50));
      }
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      const orphaned = (await rows()).filter((r) => r.status === 'running').map((r) => r.id);
      expect(orphaned.length).toBeGreaterThan(0);

      const restartedAt = Date.now();
      runner();
      while ((await rows()).some((r) => r.status !== 'done')) {
        if (Date.now() - restartedAt > 30_000) throw new Error(`not finished 30 s after the restart: ${JSON.stringify(await rows())}`);
        await new Promise((r) => setTimeout(r, 100));
      }

      // Each job finished once; the orphans were started twice (attempt 2), the others once.
      const finished = await rows();
      for (const r of finished) expect(r.attempts).toBe(orphaned.includes(r.id) ? 2 : 1);
      const doneEvents = await queryRows<{ analysis_id: string; n: number }>(
        web.db.database.db,
        sql`select analysis_id, count(*)::int as n from analysis_events where type = 'done' and analysis_id in ${ids} group by analysis_id`,
      );
      expect(doneEvents).toHaveLength(4);
      expect(doneEvents.every((e) => e.n === 1)).toBe(true);
      // Counted once, at upload.
      expect(MyLimitsSchema.parse((await alice.api('/api/limits/me')).body).currentUsage).toBe(4);
      // Storage holds exactly the finished photos' derivatives (originals are deleted after analysis by default).
      const keys = await queryRows<{ thumbnail_key: string; display_key: string; original_key: string | null }>(
        web.db.database.db,
        sql`select p.thumbnail_key, p.display_key, p.original_key from photos p join analyses a on a.photo_id = p.id where a.id in ${ids}`,
      );
      const expected = keys.flatMap((k) => [k.thumbnail_key, k.display_key, ...(k.original_key ? [k.original_key] : [])]).sort();
      expect(filesUnder(storageRoot)).toEqual(expected);
    }, 120_000);
  });
}
