import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses } from '../../db/schema.analyses';
import { insertTestPhoto, insertTestUser, openTestDatabase, type TestDatabase } from '../../test/db';
import { AnalysesRepository } from './analyses.repository';

/**
 * What the sequence locator waits on (R-ANALYSIS-12): the owner's photos still to read their metadata, and a token
 * that moves when any of the owner's photos finishes a step. A CI run once placed a photo from one side only because
 * the neighbour after it sat in the queue behind a photo that was still working, and nothing counted that as progress.
 */
describe('the neighbours in time, as the database gives them', () => {
  let t: TestDatabase;
  let repo: AnalysesRepository;
  let userId: string;

  beforeAll(async () => {
    t = await openTestDatabase();
    repo = new AnalysesRepository(t.database.db);
    userId = await insertTestUser(t.database.db, 'neighbours@example.com', 'Neighbours');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const read = { make: 'TestPhone', model: 'Seq 1' } as never;
  const addAnalysis = async (values: Partial<typeof analyses.$inferInsert>) => {
    const photoId = await insertTestPhoto(t.database.db, userId);
    const [row] = await t.database.db
      .insert(analyses)
      .values({ userId, photoId, engineVersion: 'test', ...values })
      .returning();
    return row!;
  };

  it('moves the progress token when a photo finishes a step, not when a lease is renewed', async () => {
    const self = await addAnalysis({
      status: 'running',
      lockedBy: 'w1',
      lockedAt: new Date(),
      stage: 'readMetadata',
      metadata: read,
    });
    const ahead = await addAnalysis({
      status: 'running',
      lockedBy: 'w1',
      lockedAt: new Date(),
      stage: 'readMetadata',
      metadata: read,
    });
    await addAnalysis({ status: 'queued' });
    const ask = () =>
      repo.gpsNeighbours({
        userId,
        make: 'TestPhone',
        model: 'Seq 1',
        localFrom: '2024-03-08T00:00:00',
        localTo: '2024-03-10T00:00:00',
        exceptAnalysisId: self.id,
        pendingSince: new Date(Date.now() - 15 * 60_000),
      });

    const first = await ask();
    // Only the queued photo has not read its metadata; this photo is never its own neighbour.
    expect(first.pending).toBe(1);
    expect(first.progress).toMatch(/^[0-9a-f]{32}$/);

    // Leases renewed by the heartbeat, and this photo's own steps: no progress for it to wait on.
    await repo.renewLeases('w1', [self.id, ahead.id]);
    expect((await ask()).progress).toBe(first.progress);
    await repo.saveStep(self.id, 'w1', { stage: 'runLocators' });
    expect((await ask()).progress).toBe(first.progress);

    // The photo ahead finishes a step: progress, though nothing pending has read its metadata yet.
    expect(await repo.saveStep(ahead.id, 'w1', { stage: 'runLocators' })).toBe(true);
    const moved = await ask();
    expect(moved.pending).toBe(first.pending);
    expect(moved.progress).not.toBe(first.progress);
  });
});

/**
 * A finished job's closing event commits with its result. It used to be appended after the commit, and an evidence
 * report asked for as soon as the job read "done" (a CI run on PostgreSQL) found a history without its "done".
 */
describe('finishing a job with its closing event', () => {
  let t: TestDatabase;
  let repo: AnalysesRepository;
  let userId: string;
  const told: Array<{ analysisId: string; type: string; visibleAsDone: boolean }> = [];

  beforeAll(async () => {
    t = await openTestDatabase();
    repo = new AnalysesRepository(t.database.db, {
      // What a subscriber told of the event would read: the job already finished.
      onEventStored: (row) => {
        told.push({ analysisId: row.analysisId, type: row.type, visibleAsDone: false });
        void repo.get(row.analysisId).then((job) => (told.at(-1)!.visibleAsDone = job?.status === 'done'));
      },
    });
    userId = await insertTestUser(t.database.db, 'closing@example.com', 'Closing');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const running = async () => {
    const photoId = await insertTestPhoto(t.database.db, userId);
    const [row] = await t.database.db
      .insert(analyses)
      .values({ userId, photoId, engineVersion: 'test', status: 'running', lockedBy: 'w1', lockedAt: new Date() })
      .returning();
    return row!;
  };

  it('stores the event in the commit that ends the job, with the final timings, and tells subscribers after', async () => {
    const job = await running();
    let timings: Record<string, number> = {};
    const finished = await repo.finish(
      job.id,
      'w1',
      'done',
      { stage: 'save' },
      {
        finalTimings: () => (timings = { save: 12 }),
        event: { type: 'done', data: () => ({ timings }) },
      },
    );
    expect(finished).toBe(true);
    const events = await repo.eventsSince(job.id, 0);
    expect(events.map((e) => e.type)).toEqual(['done']);
    expect(events[0]!.data).toEqual({ timings: { save: 12 } });
    expect(events[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(told).toEqual([{ analysisId: job.id, type: 'done', visibleAsDone: true }]);
  });

  it('stores no event and tells nobody when the runner lost the job', async () => {
    const job = await running();
    told.length = 0;
    const finished = await repo.finish(
      job.id,
      'w2',
      'failed',
      {},
      { event: { type: 'failed', data: () => ({ error: 'lost' }) } },
    );
    expect(finished).toBe(false);
    expect(await repo.eventsSince(job.id, 0)).toEqual([]);
    expect(told).toEqual([]);
  });
});
