import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyses } from '../../db/schema.analyses';
import { errorResult } from '../../engine/pipeline/fuse';
import { insertTestPhoto, insertTestUser, openTestDatabase, type TestDatabase } from '../../test/db';
import { AnalysesRepository } from '../analyses/analyses.repository';
import { recordFinishedAnalysis } from '../locations/analysis-finished';
import { TripsRepository } from './trips.repository';

/**
 * A trip deleted while its last photo finishes (CI saw the delete answer 500 on PostgreSQL). Both transactions take
 * the owner's lock and the analysis row; taken in opposite orders they deadlock, and PostgreSQL aborts one of them.
 */
describe('deleting a trip while a photo of it finishes', () => {
  let t: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    t = await openTestDatabase();
    userId = await insertTestUser(t.database.db, 'lock-order@example.com', 'Lock Order');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('both commit: the finish first, then the delete takes the finished photo with the trip', async () => {
    const db = t.database.db;
    const trips = new TripsRepository(db);
    const trip = await trips.create(userId, 'Deadlock');
    const photoId = await insertTestPhoto(db, userId, 'last.jpg');
    const [running] = await db
      .insert(analyses)
      .values({
        userId,
        photoId,
        tripId: trip.id,
        engineVersion: 'test',
        status: 'running',
        lockedBy: 'w1',
        lockedAt: new Date(),
      })
      .returning();

    // The finish holds whatever it locked before its hook, and waits there until the delete has begun.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let hookReached!: () => void;
    const reached = new Promise<void>((resolve) => (hookReached = resolve));
    const repo = new AnalysesRepository(db, {
      onFinished: async (tx, row) => {
        hookReached();
        await gate;
        return recordFinishedAnalysis(tx, row);
      },
    });
    const result = errorResult('last.jpg', 'boom');
    const finishing = repo.finish(running!.id, 'w1', 'failed', { analysisResult: result });
    await reached;
    const deleting = trips.deleteSettled(userId, trip.id);
    // Long enough for the delete to reach its first lock on PostgreSQL (PGlite runs one transaction at a time).
    await new Promise((r) => setTimeout(r, 300));
    release();

    const [finished, deleted] = await Promise.allSettled([finishing, deleting]);
    expect(finished).toEqual({ status: 'fulfilled', value: true });
    expect(deleted).toMatchObject({ status: 'fulfilled', value: { deleted: 1, running: 0, tripDeleted: true } });
    expect(await db.select().from(analyses).where(eq(analyses.id, running!.id))).toEqual([]);
  }, 30_000);
});
