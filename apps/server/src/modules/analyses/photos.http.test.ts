import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { AnalysisSchema, PhotoUploadResponseSchema, type AnalysisEvent } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { queryRows } from '../../db/client';
import { SESSION_COOKIE } from '../../auth/auth.routes';
import { gpsJpeg, hugePngHeader, plainJpeg } from './photos.fixtures';
import {
  GPS_PHOTO_EVENTS,
  photoCounts,
  uploadPhotos,
  uploadTempFiles,
  waitForAnalysis,
  type Upload,
} from '../../test/analyses';

const upload = uploadPhotos;
const waitFor = waitForAnalysis;

/** Reads an SSE stream to its end (the server closes it after done/failed). */
async function readEvents(
  browser: TestBrowser,
  id: string,
  headers: Record<string, string> = {},
): Promise<AnalysisEvent[]> {
  const response = await browser.fetch(`/api/analyses/${id}/events`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const text = await response.text();
  return text
    .split('\n\n')
    .map((block) => block.split('\n').find((l) => l.startsWith('data: ')))
    .filter((l): l is string => Boolean(l))
    .map((l) => JSON.parse(l.slice(6)) as AnalysisEvent);
}

/** A multipart upload of `megabytes` MB of JPEG-looking bytes, written chunk by chunk over a raw socket. */
async function streamedUpload(
  browser: TestBrowser,
  megabytes: number,
): Promise<{ status: number; body: { error?: { code: string; message: string } } }> {
  const url = new URL('/api/photos', browser.baseUrl);
  const boundary = 'vtboundary123';
  const chunk = Buffer.alloc(1024 * 1024, 0x55);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        origin: url.origin,
        cookie: `${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE) ?? ''}`,
      },
    });
    let answered = false;
    req.on('response', (response) => {
      answered = true;
      let text = '';
      response.on('data', (d) => (text += d));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    // Once the server has answered it may close the socket mid-body; that is the expected way out.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    (async () => {
      const write = (b: Buffer | string) => new Promise<void>((r) => (req.write(b) ? r() : req.once('drain', r)));
      await write(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      await write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      for (let i = 0; i < megabytes && !answered && !req.destroyed; i++) await write(chunk);
      if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    })().catch(() => {});
  });
}

describe('POST /api/photos and the analysis job', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer({
      env: { FOUNDER_EMAILS: 'boss@example.com', UPLOAD_MAX_BYTES: String(25 * 1024 * 1024) },
    });
    alice = await server.signIn('alice@example.com', 'Alice');
    bob = await server.signIn('bob@example.com', 'Bob');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an upload without sign-in', async () => {
    const res = await upload(server.browser(), [{ name: 'a.jpg', data: await plainJpeg() }]);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('locates a GPS photo taken in Miami-Dade: queued → done, position, stripped derivatives, original deleted', async () => {
    const res = await upload(alice, [
      { name: 'brickell.jpg', data: await gpsJpeg(25.7663, -80.1936, { accuracyM: 8, width: 3000, height: 2000 }) },
    ]);
    expect(res.status).toBe(202);
    const body = PhotoUploadResponseSchema.parse(res.body);
    expect(body.analyses).toHaveLength(1);
    expect(body.analyses[0]!.status).toBe('queued');

    const analysis = await waitFor(alice, body.analyses[0]!.analysisId);
    expect(analysis.status).toBe('done');
    const result = analysis.analysis_result!;
    expect(result.outcome).toBe('found');
    expect(result.source).toBe('GPS Metadata');
    expect(result.lat).toBeCloseTo(25.7663, 4);
    expect(result.lng).toBeCloseTo(-80.1936, 4);
    expect(result.radiusMeters).toBeCloseTo(8, 1);
    expect(result.confidence).toBeGreaterThan(0.9);
    expect(analysis.confidence_score).toBe(result.confidence);
    expect(analysis.evidence[0]).toMatchObject({ locator: 'metadata', kind: 'position' });
    expect(Object.keys(analysis.timings)).toEqual(
      expect.arrayContaining(['readMetadata', 'makeDerivatives', 'runLocators', 'fuse', 'save', 'locatedMs']),
    );
    // The save step is timed after it stored the result, and the stored figure says so (it was once always 0).
    expect(analysis.timings.save).toBeGreaterThan(0);
    // Located counts from the job's start to the stored fused result: every step before it, none after.
    const { readMetadata, runLocators, fuse, locatedMs } = analysis.timings as Record<string, number>;
    expect(locatedMs).toBeGreaterThanOrEqual(readMetadata! + runLocators! + fuse!);

    for (const kind of ['thumbnail', 'display'] as const) {
      const r = await alice.fetch(`/api/photos/${body.analyses[0]!.photoId}/${kind}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await r.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(kind === 'thumbnail' ? 256 : 1600);
      // No EXIF/XMP at all, so no GPS: sharp drops metadata unless told to keep it.
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
    }
    const stored = await server.app.analysisEngine.storage.list('');
    expect(stored.some((k) => k.startsWith('originals/'))).toBe(false);
  });

  it('applies the EXIF orientation: a sideways phone photo is stored and served upright', async () => {
    // 400×200 pixels with Orientation 6 ("rotate 90° clockwise to view"): what a phone held upright writes.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#204060' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const res = await upload(alice, [{ name: 'upright.jpg', data: sideways }]);
    expect(res.status).toBe(202);
    const body = PhotoUploadResponseSchema.parse(res.body);
    await waitFor(alice, body.analyses[0]!.analysisId);
    const r = await alice.fetch(`/api/photos/${body.analyses[0]!.photoId}/display`);
    const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation).toBeUndefined();
  });

  it('serves photos and analyses only to their owner and founders', async () => {
    const res = await upload(alice, [{ name: 'private.jpg', data: await gpsJpeg(25.79, -80.13) }]);
    const { analysisId, photoId } = res.body.analyses[0];
    await waitFor(alice, analysisId);
    expect((await bob.api(`/api/analyses/${analysisId}`)).status).toBe(404);
    expect((await bob.fetch(`/api/analyses/${analysisId}/events`)).status).toBe(404);
    expect((await bob.fetch(`/api/photos/${photoId}/thumbnail`)).status).toBe(404);
    expect((await bob.fetch(`/api/photos/${photoId}/display`)).status).toBe(404);
    expect((await server.browser().fetch(`/api/photos/${photoId}/thumbnail`)).status).toBe(401);
    expect((await bob.api('/api/analyses/not-a-uuid')).status).toBe(404);
    const boss = await server.signIn('boss@example.com', 'Boss');
    expect((await boss.api(`/api/analyses/${analysisId}`)).status).toBe(200);
    expect((await boss.fetch(`/api/photos/${photoId}/thumbnail`)).status).toBe(200);
  });

  it('says when a photo repeats one its owner analysed before, and which analysis that was', async () => {
    const bytes = await gpsJpeg(25.7751, -80.1947, { width: 330 });
    const first = (await upload(alice, [{ name: 'first.jpg', data: bytes }])).body.analyses[0].analysisId;
    const again = (await upload(alice, [{ name: 'again.jpg', data: bytes }])).body.analyses[0].analysisId;
    const bobs = (await upload(bob, [{ name: 'bobs.jpg', data: bytes }])).body.analyses[0].analysisId;
    await Promise.all([waitFor(alice, first), waitFor(alice, again), waitFor(bob, bobs)]);
    const get = async (b: TestBrowser, id: string) =>
      AnalysisSchema.parse((await b.api(`/api/analyses/${id}`)).body.analysis);
    expect((await get(alice, first)).duplicateOf).toBeNull();
    expect((await get(alice, again)).duplicateOf).toMatchObject({ analysisId: first, fileName: 'first.jpg' });
    // Another user's copy of the same bytes is not theirs to be pointed at.
    expect((await get(bob, bobs)).duplicateOf).toBeNull();
  });

  it('streams the stages as Server-Sent Events in order, replaying them to a late subscriber', async () => {
    const res = await upload(alice, [{ name: 'live.jpg', data: await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }) }]);
    const id = res.body.analyses[0].analysisId;
    const live = await readEvents(alice, id);
    const late = await readEvents(alice, id);
    expect(live.map((e) => e.type)).toEqual(GPS_PHOTO_EVENTS);
    expect(late.map((e) => e.type)).toEqual(GPS_PHOTO_EVENTS);
    expect(live.map((e) => e.id)).toEqual([...live.map((e) => e.id)].sort((a, b) => a - b));
    const finished = live.filter((e) => e.type === 'locator_finished').map((e) => e.data);
    expect(finished[0]).toMatchObject({ locator: 'metadata' });
    expect(finished[1]).toMatchObject({ locator: 'text', evidence: [{ kind: 'absent', details: { skipped: true } }] });
    expect((finished[1]!.evidence as Array<{ summary: string }>)[0]!.summary).toMatch(
      /GPS already places it within 5 m/,
    );
    expect(finished[2]).toMatchObject({
      locator: 'gallery',
      evidence: [{ kind: 'absent', details: { skipped: true } }],
    });
    expect((live.at(-1)!.data.result as { outcome: string }).outcome).toBe('found');
    // Resuming after an id replays only what came later.
    const resumed = await readEvents(alice, id, {
      'last-event-id': String(live[GPS_PHOTO_EVENTS.indexOf('fused')]!.id),
    });
    expect(resumed.map((e) => e.type)).toEqual(['derivatives_made', 'done']);
    const fused = live.find((e) => e.type === 'fused')!.data;
    expect((fused.result as { outcome: string }).outcome).toBe('found');
    expect(fused.locatedMs).toBeGreaterThan(0);
  });

  it('gives the honest fallback when nothing locates the photo', async () => {
    const res = await upload(alice, [{ name: 'nothing.jpg', data: await plainJpeg() }]);
    const analysis = await waitFor(alice, res.body.analyses[0].analysisId);
    expect(analysis.analysis_result).toMatchObject({
      outcome: 'fallback',
      lat: 25.7617,
      lng: -80.1918,
      confidence: 0.3,
      source: 'Fallback',
      name: 'Miami (General Miami Area)',
    });
  });

  it('accepts several photos in one request, and a JPEG named .png as a JPEG', async () => {
    const res = await upload(alice, [
      { name: 'one.png', data: await plainJpeg(), type: 'image/png' },
      { name: 'two.jpg', data: await gpsJpeg(25.56, -80.38) },
    ]);
    expect(res.status).toBe(202);
    expect(res.body.analyses).toHaveLength(2);
    const [row] = await queryRows<{ format: string; mime_type: string }>(
      server.db.database.db,
      sql`select format, mime_type from photos where id = ${res.body.analyses[0].photoId}`,
    );
    expect(row).toEqual({ format: 'jpeg', mime_type: 'image/jpeg' });
    for (const a of res.body.analyses) expect((await waitFor(alice, a.analysisId)).status).toBe('done');
  });

  describe('bad input: a clear 4xx, nothing half-written', () => {
    const expectRejected = async (files: Upload[], status: number, code: string) => {
      const before = await photoCounts(server);
      const res = await upload(alice, files);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message.length).toBeGreaterThan(10);
      expect(await photoCounts(server)).toEqual(before);
      expect(await uploadTempFiles(server)).toEqual([]);
      return res.body.error.message as string;
    };

    it('zero-byte file → 400', async () => {
      expect(await expectRejected([{ name: 'empty.jpg', data: Buffer.alloc(0) }], 400, 'empty_file')).toContain(
        'empty',
      );
    });
    it('random bytes → 415', async () => {
      const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
      expect(await expectRejected([{ name: 'random.jpg', data: random }], 415, 'unsupported_type')).toContain(
        'not a supported photo',
      );
    });
    it('a GIF → 415', async () => {
      await expectRejected(
        [{ name: 'anim.gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary') }],
        415,
        'unsupported_type',
      );
    });
    it('truncated JPEG → 400', async () => {
      const full = await plainJpeg(1200, 900);
      expect(
        await expectRejected(
          [{ name: 'cut.jpg', data: full.subarray(0, Math.floor(full.length / 2)) }],
          400,
          'unreadable_image',
        ),
      ).toContain('truncated');
    });
    it('a 30000×30000 PNG → 413 before decoding', async () => {
      const msg = await expectRejected(
        [{ name: 'bomb.png', data: hugePngHeader(30000, 30000) }],
        413,
        'too_many_pixels',
      );
      expect(msg).toContain('30000×30000');
    });
    it('one bad file among good ones rejects the whole request', async () => {
      await expectRejected(
        [
          { name: 'ok.jpg', data: await plainJpeg() },
          { name: 'bad.jpg', data: Buffer.alloc(0) },
        ],
        400,
        'empty_file',
      );
      expect(await server.app.analysisEngine.storage.list('originals')).toEqual([]);
    });
    it('a request that is not multipart → 415', async () => {
      const res = await alice.api('/api/photos', { method: 'POST', body: { imageData: 'x' } });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('not_multipart');
    });
    it('a 100 MB body → 413 and the server stays up with bounded memory', async () => {
      const before = await photoCounts(server);
      const rssBefore = process.memoryUsage().rss;
      // Streamed in 1 MB chunks from a generator, so the only large memory here would be the server's.
      const res = await streamedUpload(alice, 100);
      expect(res.status).toBe(413);
      expect(res.body.error?.code).toBe('photo_too_large');
      expect(res.body.error?.message).toContain('25 MB');
      expect((await server.browser().api('/api/health')).status).toBe(200);
      expect(await photoCounts(server)).toEqual(before);
      expect(await uploadTempFiles(server)).toEqual([]);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    });
  });
});
