import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisEvent } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import { testDatabaseKind } from '../../test/db';
import { startTestS3, type TestS3 } from '../../test/s3';
import { uploadPhoto } from '../../test/analyses';
import { readSse } from '../../test/sse';
import { gpsJpeg } from './photos.fixtures';

/** An analysis' event stream read as it arrives; a whole analysis may take up to a minute here. */
const openStream = (response: Response) => readSse<AnalysisEvent>(response, 60_000);

// PostgreSQL LISTEN/NOTIFY needs two processes on one PostgreSQL; Redis works over either database.
const carriers = testDatabaseKind() === 'postgres' ? (['postgres', 'redis'] as const) : (['redis'] as const);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(carriers)('analysis stages across server processes (%s pub/sub)', (carrier) => {
  let web: TestServer | undefined;
  let worker: TestServer | undefined;
  let s3: TestS3 | undefined;
  let streams: ReturnType<typeof openStream>[] = [];
  afterEach(async () => {
    // A stream left open (a failed run) would keep the server from closing.
    await Promise.all(streams.map((s) => s.cancel()));
    streams = [];
    await worker?.close();
    await web?.close();
    await s3?.close();
  });

  it('a browser on the web process (no runner) sees every stage a worker process produces, live', async () => {
    // Separate processes share the photos through S3-compatible storage, as a real deployment would.
    s3 = await startTestS3();
    const shared = { ...s3.env, ...(carrier === 'redis' ? { REDIS_URL: redisUrl } : {}) };
    web = await startTestServer({ env: { ANALYSIS_WORKER: 'false', ...shared } });
    expect(web.app.pubsub.kind).toBe(carrier);
    const alice = await web.signIn('alice@example.com', 'Alice');
    const { analysisId } = await uploadPhoto(alice, 'beach.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }));

    const response = await alice.fetch(`/api/analyses/${analysisId}/events`);
    expect(response.status).toBe(200);
    const stream = openStream(response);
    streams.push(stream);
    await stream.until(() => stream.messages.some((e) => e.type === 'received'));
    // Nobody runs jobs yet: the stream has replayed all there is and waits.
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.messages.map((e) => e.type)).toEqual(['received']);

    // Only now does a worker process start, on the same database; whatever it does reaches the open stream
    // through the pub/sub alone (the stream replayed the store before those events existed).
    worker = await startTestServer({ env: { ANALYSIS_WORKER: 'true', ...shared }, shareDatabaseWith: web.db });
    await stream.until(() => stream.ended);
    await stream.finished;
    const live = stream.messages.map((e) => e.type);
    expect(live[0]).toBe('received');
    expect(live.at(-1)).toBe('done');
    expect(live).toEqual(
      expect.arrayContaining(['started', 'metadata_read', 'locator_finished', 'fused', 'derivatives_made']),
    );
    // Exactly what was stored, in order: nothing lost, duplicated or reordered on the way between processes.
    const replay = openStream(await alice.fetch(`/api/analyses/${analysisId}/events`));
    await replay.finished;
    expect(stream.messages).toEqual(replay.messages);
    expect((stream.messages.at(-1)!.data.result as { outcome: string }).outcome).toBe('found');
    // Two app start-ups (migrations, sign-in) on a shared 2-core machine take most of this.
  }, 120_000);
});

describe('closing a server process', () => {
  it('ends its open event streams first, so it stops instead of waiting on browsers', async () => {
    const web = await startTestServer({ env: { ANALYSIS_WORKER: 'false' } });
    let stream: ReturnType<typeof openStream> | undefined;
    try {
      const alice = await web.signIn('alice@example.com', 'Alice');
      const { analysisId } = await uploadPhoto(alice, 'waiting.jpg', await gpsJpeg(25.77, -80.19));
      stream = openStream(await alice.fetch(`/api/analyses/${analysisId}/events`));
      await stream.until(() => stream!.messages.length === 1);
      const started = Date.now();
      // Without ending the streams this close never resolves (the hook timeout would fail the test).
      await web.close();
      expect(Date.now() - started).toBeLessThan(10_000);
      await stream.finished;
      expect(stream.ended).toBe(true);
      expect(stream.messages.map((e) => e.type)).toEqual(['received']);
    } finally {
      await stream?.cancel();
    }
  }, 60_000);
});
