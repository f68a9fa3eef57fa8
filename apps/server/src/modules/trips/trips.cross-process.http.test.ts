import { afterEach, describe, expect, it } from 'vitest';
import type { TripPhoto } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import { testDatabaseKind } from '../../test/db';
import { startTestS3, type TestS3 } from '../../test/s3';
import { TRIP_CHANGES_CHANNEL } from './trip-changes';
import { createTrip, readTripStream, sendToTrip, tripPhoto } from './trips.fixtures';

// PostgreSQL LISTEN/NOTIFY needs two processes on one PostgreSQL; Redis works over either database.
const carriers = testDatabaseKind() === 'postgres' ? (['postgres', 'redis'] as const) : (['redis'] as const);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(carriers)("a trip's stream across server processes (%s pub/sub)", (carrier) => {
  let web: TestServer | undefined;
  let worker: TestServer | undefined;
  let s3: TestS3 | undefined;
  let stream: ReturnType<typeof readTripStream> | undefined;
  afterEach(async () => {
    await stream?.cancel();
    await worker?.close();
    await web?.close();
    await s3?.close();
  });

  it('a browser on the web process (no runner) sees the photos a worker process places, and the trip’s changes', async () => {
    s3 = await startTestS3();
    const shared = { ...s3.env, ...(carrier === 'redis' ? { REDIS_URL: redisUrl } : {}) };
    web = await startTestServer({ env: { ANALYSIS_WORKER: 'false', ...shared } });
    expect(web.app.pubsub.kind).toBe(carrier);
    const alice = await web.signIn('alice-xp@example.com', 'Alice');
    const trip = await createTrip(alice, 'Across');
    const live = readTripStream(await alice.fetch(`/api/trips/${trip.id}/events`));
    stream = live;
    await live.until(() => live.messages.some((m) => m.type === 'snapshot'));

    // The GPS-less photo first: it is placed again by the worker once its neighbour lands.
    const sent = await sendToTrip(alice, trip.id, [
      { name: 'B.jpg', data: await tripPhoto('2024:03:09 10:02:00') },
      { name: 'A.jpg', data: await tripPhoto('2024:03:09 10:00:00', { lat: 25.7617, lng: -80.1918 }) },
    ]);
    expect(sent.status).toBe(202);
    worker = await startTestServer({
      env: { ANALYSIS_WORKER: 'true', ANALYSIS_CONCURRENCY: '1', ...shared },
      shareDatabaseWith: web.db,
    });
    const latest = (name: string): TripPhoto | undefined =>
      [...live.messages]
        .reverse()
        .flatMap((m) => (m.type === 'photo' ? [m.photo] : m.type === 'snapshot' ? m.trip.photos : []))
        .find((p) => p.fileName === name);
    await live.until(() => latest('A.jpg')?.state === 'placed' && latest('B.jpg')?.placedBy === 'sequence', 90_000);
    expect(latest('B.jpg')!.neighbours.map((n) => n.fileName)).toEqual(['A.jpg']);

    // A change of the trip told by another process (a rename there, say) reaches this stream as a new snapshot.
    const snapshots = live.messages.filter((m) => m.type === 'snapshot').length;
    await worker.app.pubsub.publish(TRIP_CHANGES_CHANNEL, { tripId: trip.id, kind: 'changed', origin: 'elsewhere' });
    await live.until(() => live.messages.filter((m) => m.type === 'snapshot').length > snapshots);
  }, 150_000);
});
