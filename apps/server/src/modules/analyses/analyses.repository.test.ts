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
