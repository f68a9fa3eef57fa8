import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { analysisEvents } from '../../db/schema.analyses';
import { insertTestUser, openTestDatabase, type TestDatabase } from '../../test/db';
import { AnalysesRepository } from './analyses.repository';
import { canonicalJson, eventHash, GENESIS_HASH, verifyChain } from './event-chain';
import { PhotosRepository } from './photos.repository';

/** The chained analysis events (R-REPORT-3), written through the real repositories on a real database. */
describe('the chain of analysis events', () => {
  let t: TestDatabase;
  let analyses: AnalysesRepository;
  let photos: PhotosRepository;
  let userId: string;

  beforeAll(async () => {
    t = await openTestDatabase();
    analyses = new AnalysesRepository(t.database.db);
    photos = new PhotosRepository(t.database.db);
    userId = await insertTestUser(t.database.db, 'chain@example.com', 'Chain Tester');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A photo received through intake (its `received` event is the first link) and its queued analysis. */
  async function received(): Promise<string> {
    const photoId = randomUUID();
    const analysisId = randomUUID();
    await photos.createWithAnalyses(
      userId,
      [
        {
          photo: {
            id: photoId,
            originalName: 'sign.jpg',
            format: 'jpeg',
            mimeType: 'image/jpeg',
            byteSize: 1234,
            width: 640,
            height: 480,
          },
          analysisId,
          imageUrl: `/api/photos/${photoId}/display`,
        },
      ],
      'engine-test',
    );
    return analysisId;
  }

  const events = (analysisId: string) => analyses.eventsSince(analysisId, 0);

  it('a chain built through the repositories verifies, whatever order jsonb gives the keys back in', async () => {
    const id = await received();
    await analyses.appendEvent(id, 'started', { attempt: 1, resumedAfter: null });
    // Keys PostgreSQL reorders (jsonb sorts by length, then bytes), nesting, floats, text beyond ASCII, undefined.
    await analyses.appendEvent(id, 'locator_finished', {
      zeta: { b: 1, a: [{ y: 0.30000000000000004, x: -80.1918 }] },
      a: 'Calle Ocho — “Little Havana” 🌴',
      durationMs: 12,
      skipped: undefined,
      at: new Date('2026-01-02T03:04:05.678Z'),
    });
    await analyses.appendEvent(id, 'done', { result: { lat: 25.7617, lng: -80.1918, confidence: 0.93 } });

    const stored = await events(id);
    expect(stored.map((e) => e.type)).toEqual(['received', 'started', 'locator_finished', 'done']);
    expect(stored[0]!.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < stored.length; i++) expect(stored[i]!.prevHash).toBe(stored[i - 1]!.hash);
    expect(stored.every((e) => /^[0-9a-f]{64}$/.test(e.hash ?? ''))).toBe(true);
    expect(verifyChain(stored)).toEqual({
      intact: true,
      chained: 4,
      unchained: 0,
      brokenAt: null,
      lastHash: stored[3]!.hash,
    });
  });

  it('one event changed by a direct UPDATE breaks the chain at that event', async () => {
    const id = await received();
    await analyses.appendEvent(id, 'started', { attempt: 1 });
    await analyses.appendEvent(id, 'fused', { result: { lat: 25.7617, lng: -80.1918 } });
    await analyses.appendEvent(id, 'done', { result: { lat: 25.7617, lng: -80.1918 } });
    const before = await events(id);
    const target = before[2]!;
    await t.database.db.execute(
      sql`update analysis_events set data = '{"result":{"lat":25.8,"lng":-80.1918}}'::jsonb where id = ${target.id}`,
    );
    const check = verifyChain(await events(id));
    expect(check.intact).toBe(false);
    expect(check.brokenAt).toEqual({ eventId: target.id, reason: expect.stringMatching(/content does not match/) });
    expect(check.chained).toBe(2);
    expect(check.lastHash).toBe(before[1]!.hash);

    // Re-hashing the changed event to cover it up moves the break to the next one.
    const changed = (await events(id))[2]!;
    const rehashed = eventHash(changed.prevHash!, changed);
    await t.database.db.execute(sql`update analysis_events set hash = ${rehashed} where id = ${target.id}`);
    expect(verifyChain(await events(id)).brokenAt).toEqual({
      eventId: before[3]!.id,
      reason: expect.stringMatching(/does not follow/),
    });
  });

  it('an event deleted from the middle breaks the chain at the one after it; a time changed breaks it too', async () => {
    const id = await received();
    for (const type of ['started', 'metadata_read', 'fused', 'done']) await analyses.appendEvent(id, type, {});
    const before = await events(id);
    await t.database.db.execute(sql`delete from analysis_events where id = ${before[2]!.id}`);
    expect(verifyChain(await events(id)).brokenAt?.eventId).toBe(before[3]!.id);

    const other = await received();
    await analyses.appendEvent(other, 'started', {});
    const [first] = await events(other);
    await t.database.db.execute(
      sql`update analysis_events set created_at = created_at + interval '1 second' where id = ${first!.id}`,
    );
    expect(verifyChain(await events(other)).brokenAt?.eventId).toBe(first!.id);
  });

  it('events appended at once still form one valid chain, in id order', async () => {
    const id = await received();
    await Promise.all(
      Array.from({ length: 24 }, (_, i) => analyses.appendEvent(id, 'locator_started', { locator: `l${i}` })),
    );
    const stored = await events(id);
    expect(stored).toHaveLength(25);
    expect(new Set(stored.map((e) => e.prevHash)).size).toBe(25);
    expect(verifyChain(stored)).toMatchObject({ intact: true, chained: 25 });
  });

  it('events recorded before chaining are reported as such, and the chain starts after them', async () => {
    const id = await received();
    // As rows written before the migration look: no hash (the intake's own event is removed to stand for that).
    await t.database.db.execute(sql`delete from analysis_events where analysis_id = ${id}`);
    await t.database.db.insert(analysisEvents).values([
      { analysisId: id, type: 'received', data: {} },
      { analysisId: id, type: 'started', data: {} },
    ]);
    await analyses.appendEvent(id, 'fused', { result: null });
    await analyses.appendEvent(id, 'done', { result: null });
    const stored = await events(id);
    expect(stored[2]!.prevHash).toBe(GENESIS_HASH);
    expect(verifyChain(stored)).toMatchObject({ intact: true, chained: 2, unchained: 2 });
    // A hash removed after the chain began is a break, not an old event.
    await t.database.db.execute(sql`update analysis_events set hash = null where id = ${stored[3]!.id}`);
    expect(verifyChain(await events(id)).brokenAt).toEqual({
      eventId: stored[3]!.id,
      reason: expect.stringMatching(/hash is missing/),
    });
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops what JSON drops', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ at: new Date('2026-01-01T00:00:00.000Z') })).toBe('{"at":"2026-01-01T00:00:00.000Z"}');
  });
});
