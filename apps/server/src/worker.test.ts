import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from './config';
import { openDatabase, queryRows, type Database } from './db/client';
import { analyses } from './db/schema.analyses';
import { insertTestUser, openTestDatabase, testDatabaseKind, type TestDatabase } from './test/db';
import { createAnalysisEngine, type AnalysisEngine } from './modules/analyses/analysis-engine';
import { gpsJpeg, plainJpeg } from './modules/analyses/photos.fixtures';
import type { Locator } from './engine/locators/locator';
import { startTestServer, type TestServer } from './test/server';
import { GPS_PHOTO_EVENTS, uploadPhoto } from './test/analyses';
import { startFakeVisionServer, structuredAnswer, type FakeVisionServer } from './test/fake-vision-server';
import { MyLimitsSchema } from '@vt/shared';

describe(`job runner (${testDatabaseKind()})`, () => {
  let t: TestDatabase;
  let dataDir: string;
  let userId: string;
  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      ANALYSIS_CONCURRENCY: '3',
      LOG_LEVEL: 'silent',
    });

  beforeAll(async () => {
    t = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'vt-worker-'));
    userId = await insertTestUser(t.database.db, 'w@example.com', 'W');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function queueJob(engine: AnalysisEngine, image: Buffer): Promise<string> {
    const photoId = randomUUID();
    const analysisId = randomUUID();
    await engine.storage.put(`originals/${photoId}`, image);
    await engine.photos.createWithAnalyses(
      userId,
      [
        {
          analysisId,
          imageUrl: `/api/photos/${photoId}/display`,
          photo: {
            id: photoId,
            originalName: 'job.jpg',
            format: 'jpeg',
            mimeType: 'image/jpeg',
            byteSize: image.length,
            width: 320,
            height: 240,
            originalKey: `originals/${photoId}`,
          },
        },
      ],
      'test',
    );
    return analysisId;
  }

  const row = async (id: string) => (await t.database.db.select().from(analyses).where(eq(analyses.id, id)))[0]!;

  it('resumes jobs left by a dead runner after their lock goes stale, skipping finished steps; fresh locks are left alone', async () => {
    const engine = createAnalysisEngine(config(), t.database, { pollMs: 50 });
    const queued = await queueJob(engine, await gpsJpeg(25.7907, -80.13));
    // A job a crashed runner had taken through readMetadata: its stored metadata says Homestead, while the
    // image itself has no GPS. A resumed job must use the stored step output, not redo the step.
    const crashed = await queueJob(engine, await plainJpeg());
    await t.database.db
      .update(analyses)
      .set({
        status: 'running',
        lockedBy: 'dead-runner',
        lockedAt: new Date(Date.now() - 10 * 60_000),
        attempts: 1,
        stage: 'readMetadata',
        metadata: {
          takenAt: null,
          make: null,
          model: null,
          orientation: null,
          readError: null,
          gps: {
            status: 'ok',
            position: { lat: 25.4683, lng: -80.4775 },
            source: 'exif',
            precision: 'full',
            notes: [],
            accuracyMeters: 10,
          },
        },
        timings: { readMetadata: 3 },
      })
      .where(eq(analyses.id, crashed));
    const alive = await queueJob(engine, await plainJpeg());
    await t.database.db
      .update(analyses)
      .set({ status: 'running', lockedBy: 'live-runner', lockedAt: new Date() })
      .where(eq(analyses.id, alive));

    // A new process: a runner that treats the database as shared (PostgreSQL semantics: only stale locks are taken).
    const fresh = createAnalysisEngine(config(), t.database, { pollMs: 50, exclusiveDatabase: false });
    await fresh.runner.start();
    await waitUntil(async () => (await row(queued)).status === 'done' && (await row(crashed)).status === 'done');
    await fresh.runner.stop();

    const resumed = await row(crashed);
    expect(resumed.attempts).toBe(2);
    expect(resumed.analysisResult).toMatchObject({ outcome: 'found' });
    expect(resumed.analysisResult!.lat).toBeCloseTo(25.4683, 3);
    expect(resumed.timings.readMetadata).toBe(3);
    const events = await fresh.analyses.eventsSince(crashed);
    expect(events.find((e) => e.type === 'started')!.data).toMatchObject({ attempt: 2, resumedAfter: 'readMetadata' });
    expect(events.some((e) => e.type === 'metadata_read')).toBe(false);
    // The original of a finished job is gone; the one still owned by a live runner is untouched.
    expect(await fresh.storage.exists(`originals/${resumed.photoId}`)).toBe(false);
    expect((await row(alive)).status).toBe('running');
    expect((await row(alive)).lockedBy).toBe('live-runner');
    await t.database.db.update(analyses).set({ status: 'done', lockedBy: null }).where(eq(analyses.id, alive));
  });

  it('on a database this process owns alone (PGlite), running jobs found at start are resumed at once', async () => {
    const engine = createAnalysisEngine(config(), t.database, { pollMs: 50, exclusiveDatabase: true });
    const orphan = await queueJob(engine, await gpsJpeg(25.77, -80.19));
    await t.database.db
      .update(analyses)
      .set({ status: 'running', lockedBy: 'previous-process', lockedAt: new Date() })
      .where(eq(analyses.id, orphan));
    await engine.runner.start();
    await waitUntil(async () => (await row(orphan)).status === 'done');
    await engine.runner.stop();
  });

  // Twelve photos take ~11 s on a quiet 2-core machine and three times that on a busy one: the test's budget is its
  // wait's (60 s) and the runners' stop, not the default 30 s.
  it('two runners (separate connections on PostgreSQL) take each job exactly once', async () => {
    const first = createAnalysisEngine(config(), t.database, { pollMs: 20, exclusiveDatabase: false });
    let second: Database = t.database;
    if (t.url) second = await openDatabase({ url: t.url });
    try {
      const other = createAnalysisEngine(config(), second, { pollMs: 20, exclusiveDatabase: false });
      const ids: string[] = [];
      const image = await gpsJpeg(25.9, -80.2);
      for (let i = 0; i < 12; i++) ids.push(await queueJob(first, image));
      await Promise.all([first.runner.start(), other.runner.start()]);
      await waitUntil(async () => {
        const [r] = await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from analyses where id in ${ids} and status = 'done'`,
        );
        return r!.n === ids.length;
      }, 60_000);
      await Promise.all([first.runner.stop(), other.runner.stop()]);
      const started = await queryRows<{ analysis_id: string; n: number }>(
        t.database.db,
        sql`select analysis_id, count(*)::int as n from analysis_events where type = 'started' and analysis_id in ${ids} group by analysis_id`,
      );
      expect(started).toHaveLength(ids.length);
      expect(started.every((s) => s.n === 1)).toBe(true);
      for (const id of ids) expect((await row(id)).attempts).toBe(1);
    } finally {
      if (second !== t.database) await second.close();
    }
  }, 90_000);

  it('keeps a long job leased by its heartbeat: another runner never takes it over while its runner lives', async () => {
    // A locator slower than several leases: without the heartbeat the second runner would take the job over. The
    // lease is long enough that a busy machine's stalls (a few hundred ms) do not lose it between heartbeats.
    const leaseMs = 1000;
    const slow: Locator = {
      name: 'slow',
      enabled: () => true,
      async locate() {
        await new Promise((r) => setTimeout(r, 3.5 * leaseMs));
        return [{ locator: 'slow', kind: 'absent', summary: 'Took its time.' }];
      },
    };
    const holder = createAnalysisEngine(config(), t.database, {
      pollMs: 50,
      leaseMs,
      exclusiveDatabase: false,
      locators: [slow],
    });
    let second: Database = t.database;
    if (t.url) second = await openDatabase({ url: t.url });
    try {
      const thief = createAnalysisEngine(config(), second, {
        pollMs: 50,
        leaseMs,
        exclusiveDatabase: false,
        locators: [slow],
      });
      const id = await queueJob(holder, await plainJpeg());
      await holder.runner.start();
      await waitUntil(async () => (await row(id)).status === 'running');
      await thief.runner.start();
      await waitUntil(async () => (await row(id)).status === 'done');
      await Promise.all([holder.runner.stop(), thief.runner.stop()]);
      const done = await row(id);
      expect(done.attempts).toBe(1);
      expect((await holder.analyses.eventsSince(id)).filter((e) => e.type === 'started')).toHaveLength(1);
    } finally {
      if (second !== t.database) await second.close();
    }
  });

  it('finds the place before making derivatives, unless a locator asks for pixels: then they are made once, first', async () => {
    const seen: Array<{ bytes: number; webp: boolean }> = [];
    const pixelLocator: Locator = {
      name: 'pixels',
      enabled: () => true,
      async locate(input) {
        // Asked twice: the display image is made once and handed out again, not made twice.
        for (let i = 0; i < 2; i++) {
          const image = await input.displayImage();
          seen.push({ bytes: image.length, webp: image.subarray(8, 12).toString('latin1') === 'WEBP' });
        }
        return [{ locator: 'pixels', kind: 'absent', summary: 'Looked at the pixels.' }];
      },
    };
    const plain = createAnalysisEngine(config(), t.database, { pollMs: 50, exclusiveDatabase: false });
    const withPixels = createAnalysisEngine(config(), t.database, {
      pollMs: 50,
      exclusiveDatabase: false,
      locators: [pixelLocator],
    });
    const a = await queueJob(plain, await gpsJpeg(25.77, -80.19));
    await plain.runner.start();
    await waitUntil(async () => (await row(a)).status === 'done');
    await plain.runner.stop();
    const b = await queueJob(withPixels, await plainJpeg());
    await withPixels.runner.start();
    await waitUntil(async () => (await row(b)).status === 'done');
    await withPixels.runner.stop();

    const types = async (id: string) => (await plain.analyses.eventsSince(id)).map((e) => e.type);
    // The default locators, which ask for no pixels on a precise GPS fix.
    expect(await types(a)).toEqual(GPS_PHOTO_EVENTS);
    expect(await types(b)).toEqual([
      'received',
      'started',
      'metadata_read',
      'locator_started',
      'derivatives_made',
      'locator_finished',
      'fused',
      'done',
    ]);
    expect(seen).toHaveLength(2);
    expect(seen.every((s) => s.webp && s.bytes === seen[0]!.bytes)).toBe(true);
    const timed = (await row(a)).timings;
    expect(timed.locatedMs).toBeGreaterThanOrEqual(timed.readMetadata! + timed.runLocators! + timed.fuse!);
    expect(timed.save).toBeGreaterThan(0);
  });

  it('keeps the original after analysis only when KEEP_ORIGINALS is set', async () => {
    const keep = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      KEEP_ORIGINALS: 'true',
    });
    const engine = createAnalysisEngine(keep, t.database, { pollMs: 50, exclusiveDatabase: false });
    const id = await queueJob(engine, await plainJpeg());
    await engine.runner.start();
    await waitUntil(async () => (await row(id)).status === 'done');
    await engine.runner.stop();
    const r = await row(id);
    expect(await engine.storage.exists(`originals/${r.photoId}`)).toBe(true);
  });

  it("a photo whose pixels cannot be decoded ends as the spec's failed outcome without retries", async () => {
    const engine = createAnalysisEngine(config(), t.database, { pollMs: 50 });
    const broken = (await plainJpeg(800, 600)).subarray(0, 2000);
    const id = await queueJob(engine, broken);
    await engine.runner.start();
    await waitUntil(async () => (await row(id)).status === 'failed');
    await engine.runner.stop();
    const r = await row(id);
    expect(r.attempts).toBe(1);
    expect(r.error).toMatchObject({ code: 'unreadable_image', canRetry: false });
    expect(r.analysisResult).toMatchObject({
      outcome: 'failed',
      name: 'Analysis Failed: job.jpg (Default Miami)',
      source: 'Default Location',
      confidence: 0.1,
    });
    // Failed is final: the original (which may carry GPS) is gone like a finished analysis's.
    expect(await engine.storage.exists(`originals/${r.photoId}`)).toBe(false);
    expect((await engine.photos.get(r.photoId))?.originalKey).toBeNull();
  });

  it('a starting runner deletes originals left behind by finished analyses, and only those', async () => {
    const engine = createAnalysisEngine(config(), t.database, { pollMs: 50, exclusiveDatabase: false });
    const finished = await queueJob(engine, await plainJpeg());
    const waiting = await queueJob(engine, await plainJpeg());
    // As if a process died between the result and the deletion.
    await t.database.db.update(analyses).set({ status: 'done' }).where(eq(analyses.id, finished));
    // Not yet runnable, so the runner leaves it queued and its original must stay.
    await t.database.db
      .update(analyses)
      .set({ runAfter: new Date(Date.now() + 3_600_000) })
      .where(eq(analyses.id, waiting));
    const [f, w] = [await row(finished), await row(waiting)];
    expect(await engine.pipeline.sweepOriginals()).toBeGreaterThanOrEqual(1);
    expect(await engine.storage.exists(`originals/${f.photoId}`)).toBe(false);
    expect((await engine.photos.get(f.photoId))?.originalKey).toBeNull();
    expect(await engine.storage.exists(`originals/${w.photoId}`)).toBe(true);
    await t.database.db.delete(analyses).where(eq(analyses.id, waiting));
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

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
        defaultReply: {
          kind: 'slow',
          delayMs: 2500,
          then: { kind: 'json', answer: structuredAnswer({ lat: 25.7797, lng: -80.1896, name: 'Freedom Tower' }) },
        },
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
        ids.push((await uploadPhoto(alice, `p${i}.jpg`, await plainJpeg(120 + i, 90))).analysisId);
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

      const doneEventCounts = () =>
        queryRows<{ analysis_id: string; n: number }>(
          web!.db.database.db,
          sql`select analysis_id, count(*)::int as n from analysis_events where type = 'done' and analysis_id in ${ids} group by analysis_id`,
        );
      const restartedAt = Date.now();
      runner();
      // The runner commits a job's end first and appends its 'done' event just after, so both are awaited: a check
      // made between the two saw three events for four finished jobs.
      while ((await rows()).some((r) => r.status !== 'done') || (await doneEventCounts()).length < 4) {
        if (Date.now() - restartedAt > 30_000)
          throw new Error(
            `not finished 30 s after the restart: ${JSON.stringify({ rows: await rows(), done: await doneEventCounts() })}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }

      // Each job finished once; the orphans were started twice (attempt 2), the others once.
      const finished = await rows();
      for (const r of finished) expect(r.attempts).toBe(orphaned.includes(r.id) ? 2 : 1);
      const doneEvents = await doneEventCounts();
      expect(doneEvents).toHaveLength(4);
      expect(doneEvents.every((e) => e.n === 1)).toBe(true);
      // Counted once, at upload.
      expect(MyLimitsSchema.parse((await alice.api('/api/limits/me')).body).currentUsage).toBe(4);
      // Storage holds exactly the finished photos' derivatives (originals are deleted after analysis by default).
      const keys = await queryRows<{ thumbnail_key: string; display_key: string; original_key: string | null }>(
        web.db.database.db,
        sql`select p.thumbnail_key, p.display_key, p.original_key from photos p join analyses a on a.photo_id = p.id where a.id in ${ids}`,
      );
      const expected = keys
        .flatMap((k) => [k.thumbnail_key, k.display_key, ...(k.original_key ? [k.original_key] : [])])
        .sort();
      expect(filesUnder(storageRoot)).toEqual(expected);
    }, 120_000);
  });
}
