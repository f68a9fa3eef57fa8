import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { AnalysisSchema, FastAnalysisResponseSchema, UploadForAnalysisResponseSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { startFakeVisionServer, structuredAnswer, type FakeVisionServer } from '../../test/fake-vision-server';
import { extractCoordinates } from '../../engine/text/coordinate-extraction';
import { MODEL_TRUST } from '../../engine/locators/vision.locator';
import { gpsJpeg, plainJpeg } from './photos.fixtures';
import { AllowAllQuotaService } from './quota.service';
import { photoIntake } from './analyses.plugin';
import { fastAnalysisService } from './fast-analysis.plugin';

const WITH_GPS = '/work/shared/data/images/parser-samples/with-gps/Apple.jpg';
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

async function fastAnalysis(browser: TestBrowser, body: unknown) {
  const res = await browser.api('/api/fast-analysis', { method: 'POST', body });
  return { status: res.status, body: res.body };
}

describe('spec analysis endpoints without a vision model', () => {
  let server: TestServer;
  let alice: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer({ env: { UPLOAD_MAX_BYTES: String(3 * 1024 * 1024) } });
    alice = await server.signIn('alice@example.com', 'Alice');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a caller who is not signed in, in the spec shape', async () => {
    const res = await fastAnalysis(server.browser(), { imageData: dataUrl(await plainJpeg()) });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, canRetry: false, code: 'unauthorized' });
    expect(typeof res.body.error).toBe('string');
  });

  it.each([
    ['a non-image data URL', { imageData: 'data:text/plain;base64,aGVsbG8=' }],
    ['a plain URL', { imageData: 'https://example.com/photo.jpg' }],
    ['an image data URL that is not base64', { imageData: 'data:image/png,rawbytes' }],
    ['a missing image', { prompt: 'where?' }],
  ])('%s → 400 Invalid image data format', async (_label, body) => {
    const res = await fastAnalysis(alice, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid image data format', canRetry: false });
    FastAnalysisResponseSchema.parse(res.body);
  });

  it('bytes that are not a photo behind an image data URL → refused by the photo intake', async () => {
    const res = await fastAnalysis(alice, { imageData: dataUrl(Buffer.from('this is not a picture at all')) });
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/not a supported photo/);
  });

  it('a photo with GPS in Miami-Dade → found, with a Coordinates line the spec extraction reads back', async () => {
    const res = await fastAnalysis(alice, {
      imageData: dataUrl(await gpsJpeg(25.7496, -80.2621, { accuracyM: 5 })),
      prompt: 'Where in Miami-Dade was this taken? Coordinates: 25.xxxx, -80.xxxx',
      useO3Pro: false,
      fileName: 'gables.jpg',
    });
    expect(res.status).toBe(200);
    const body = FastAnalysisResponseSchema.parse(res.body);
    expect(body).toMatchObject({
      success: true,
      error: null,
      canRetry: false,
      outcome: 'found',
      source: 'GPS Metadata',
      insideCoverage: true,
    });
    expect(body.location!.lat).toBeCloseTo(25.7496, 3);
    expect(body.location!.lng).toBeCloseTo(-80.2621, 3);
    expect(body.location!.municipality).toBe('Coral Gables');
    expect(body.confidence!).toBeGreaterThan(0.9);
    expect(body.enhancedContent).toContain('Coordinates: 25.7496, -80.2621');
    expect(body.originalAnalysis.content).toBe(body.enhancedContent);
    expect(body.originalAnalysis.reasoning).toContain('GPS');
    expect(body.webContext).toMatch(/does not search the web/);
    const readBack = extractCoordinates(body.enhancedContent);
    expect(readBack.step).toBe('exact-coordinates-line');
    expect(readBack.lat).toBeCloseTo(25.7496, 4);

    // The same persisted job as POST /api/photos: visible through the analyses API, derivatives served.
    const stored = await alice.api(`/api/analyses/${body.analysisId}`);
    const analysis = AnalysisSchema.parse(stored.body.analysis);
    expect(analysis).toMatchObject({ status: 'done', fileName: 'gables.jpg', analysis_type: 'engine' });
    const thumb = await alice.fetch(body.thumbnailUrl!);
    expect(thumb.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it('a real camera photo with GPS → success with its coordinates (outside coverage when it is elsewhere)', async () => {
    const bytes = readFileSync(WITH_GPS);
    const gps = (await exifr.gps(bytes)) as { latitude: number; longitude: number };
    const res = await fastAnalysis(alice, { imageData: dataUrl(bytes) });
    expect(res.status).toBe(200);
    const body = FastAnalysisResponseSchema.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.location!.lat).toBeCloseTo(gps.latitude, 4);
    expect(body.location!.lng).toBeCloseTo(gps.longitude, 4);
    expect(['found', 'outside_coverage']).toContain(body.outcome);
    expect(body.enhancedContent).toContain(`Coordinates: ${gps.latitude.toFixed(4)}, ${gps.longitude.toFixed(4)}`);
  });

  it('a photo with no evidence → the spec fallback, with no Coordinates line for old clients to mistake', async () => {
    const res = await fastAnalysis(alice, { imageData: dataUrl(await plainJpeg()) });
    expect(res.status).toBe(200);
    const body = FastAnalysisResponseSchema.parse(res.body);
    expect(body).toMatchObject({
      success: true,
      outcome: 'fallback',
      confidence: 0.3,
      source: 'Fallback',
      error: null,
      canRetry: false,
    });
    expect(body.location).toMatchObject({ lat: 25.7617, lng: -80.1918, name: 'Miami (General Miami Area)' });
    expect(body.enhancedContent).not.toMatch(/Coordinates:/);
    expect(body.evidence.some((e) => e.locator === 'metadata' && e.kind === 'absent')).toBe(true);
  });

  it('takes a photo larger than the app-wide 1 MB JSON limit, and refuses one past the photo limit', async () => {
    const noise = Buffer.alloc(900 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.toString('base64').length).toBeGreaterThan(1_048_576);
    const ok = await fastAnalysis(alice, { imageData: dataUrl(big) });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);

    const tooBig = await fastAnalysis(alice, { imageData: `data:image/jpeg;base64,${'A'.repeat(6 * 1024 * 1024)}` });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ success: false, code: 'photo_too_large' });
  });

  describe('POST /api/images/upload-for-analysis', () => {
    const valid = async () => ({
      imageData: dataUrl(await gpsJpeg(25.7907, -80.1395)),
      filename: 'lincoln.jpg',
      analysisResult: 'Lincoln Road.\nCoordinates: 25.7907, -80.1395',
      coordinates: { lat: 25.7907, lng: -80.1395 },
      confidence: 0.85,
      locationName: 'Lincoln Road',
    });

    it('stores the photo (stripped) and the client result as a finished client-upload analysis', async () => {
      const res = await alice.api('/api/images/upload-for-analysis', { method: 'POST', body: await valid() });
      expect(res.status).toBe(201);
      const body = UploadForAnalysisResponseSchema.parse(res.body);
      expect(body.success).toBe(true);
      const stored = await alice.api(`/api/analyses/${body.id}`);
      const analysis = AnalysisSchema.parse(stored.body.analysis);
      expect(analysis).toMatchObject({
        status: 'done',
        analysis_type: 'client-upload',
        fileName: 'lincoln.jpg',
        confidence_score: 0.85,
      });
      expect(analysis.analysis_result).toMatchObject({
        name: 'Lincoln Road',
        lat: 25.7907,
        lng: -80.1395,
        outcome: 'found',
        source: 'Client Upload',
      });
      expect(analysis.evidence[0]!.details!.analysisText).toContain('Lincoln Road');
      const display = await alice.fetch(analysis.image_url!);
      expect(display.status).toBe(200);
      const bytes = Buffer.from(await display.arrayBuffer());
      expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
      // Someone else cannot see it.
      const bob = await server.signIn('bob@example.com');
      expect((await bob.api(`/api/analyses/${body.id}`)).status).toBe(404);
    });

    it('a place outside the county is stored as outside coverage, where it is', async () => {
      const res = await alice.api('/api/images/upload-for-analysis', {
        method: 'POST',
        body: { ...(await valid()), coordinates: { lat: 40.758, lng: -73.9855 }, locationName: null },
      });
      expect(res.status).toBe(201);
      const analysis = (await alice.api(`/api/analyses/${res.body.id}`)).body.analysis;
      expect(analysis.analysis_result).toMatchObject({
        outcome: 'outside_coverage',
        insideCoverage: false,
        lat: 40.758,
      });
    });

    it.each([
      ['latitude out of range', { coordinates: { lat: 95, lng: -80.1 } }],
      ['coordinates as text', { coordinates: { lat: '25.7', lng: '-80.1' } }],
      ['no coordinates', { coordinates: undefined }],
      ['confidence above 1', { confidence: 1.5 }],
    ])('%s → 400', async (_label, patch) => {
      const res = await alice.api('/api/images/upload-for-analysis', {
        method: 'POST',
        body: { ...(await valid()), ...patch },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'invalid_request' });
    });

    it('a wrong data URL → Invalid image data format', async () => {
      const res = await alice.api('/api/images/upload-for-analysis', {
        method: 'POST',
        body: { ...(await valid()), imageData: 'data:application/pdf;base64,JVBERi0=' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid image data format');
    });
  });
});

describe('POST /api/fast-analysis with a configured vision model', () => {
  let server: TestServer;
  let fake: FakeVisionServer;
  let alice: TestBrowser;

  beforeAll(async () => {
    fake = await startFakeVisionServer({ apiKey: 'sk-e2e' });
    server = await startTestServer({
      env: {
        VISION_API_BASE_URL: fake.baseUrl,
        VISION_MODEL: 'fake-vision-1',
        VISION_API_KEY: 'sk-e2e',
        VISION_TIMEOUT_MS: '5000',
      },
    });
    alice = await server.signIn('alice@example.com');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it('a structured model answer for a photo without GPS → that place', async () => {
    fake.script({
      kind: 'json',
      answer: structuredAnswer(
        { lat: 25.7797, lng: -80.1896, name: 'Freedom Tower', neighbourhood: 'Downtown', probability: 0.8 },
        { reasoning: ['A Mediterranean Revival tower with a cupola.'], features: ['cupola', 'bay front'] },
      ),
    });
    const res = await fastAnalysis(alice, { imageData: dataUrl(await plainJpeg()) });
    expect(res.status).toBe(200);
    const body = FastAnalysisResponseSchema.parse(res.body);
    expect(body).toMatchObject({ success: true, outcome: 'found', source: 'Vision Model', insideCoverage: true });
    expect(body.location).toMatchObject({ lat: 25.7797, lng: -80.1896 });
    expect(body.confidence).toBeCloseTo(0.8 * MODEL_TRUST, 3);
    expect(body.enhancedContent).toContain('Coordinates: 25.7797, -80.1896');
    expect(body.originalAnalysis.reasoning).toContain('Model step 1: A Mediterranean Revival tower with a cupola.');
    expect(body.originalAnalysis.reasoning).toContain('cupola, bay front');
    // The model saw the stripped display image, sent with the configured key.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.authorization).toBe('Bearer sk-e2e');
    const parts = fake.requests[0]!.body.messages![1]!.content as Array<{ image_url?: { url: string } }>;
    expect(parts[1]!.image_url!.url.startsWith('data:image/webp;base64,')).toBe(true);
  });

  it('GPS outweighs the model when both speak', async () => {
    fake.script({
      kind: 'json',
      answer: structuredAnswer({ lat: 25.7797, lng: -80.1896, name: 'Freedom Tower', probability: 0.95 }),
    });
    const res = await fastAnalysis(alice, { imageData: dataUrl(await gpsJpeg(25.7496, -80.2621, { accuracyM: 5 })) });
    const body = FastAnalysisResponseSchema.parse(res.body);
    expect(body.source).toBe('GPS Metadata');
    expect(body.location!.lat).toBeCloseTo(25.7496, 3);
    expect(body.candidates.map((c) => c.source)).toEqual(['GPS Metadata', 'Vision Model']);
  });

  it('a model that keeps failing with 500 → the fallback, with the spec message and a retry offered', async () => {
    fake.setDefault({ kind: 'status', status: 500 });
    const res = await fastAnalysis(alice, { imageData: dataUrl(await plainJpeg()) });
    expect(res.status).toBe(200);
    const body = FastAnalysisResponseSchema.parse(res.body);
    expect(body).toMatchObject({
      success: true,
      outcome: 'fallback',
      error: 'Server error. Our team has been notified.',
      canRetry: true,
    });
    expect(fake.requests).toHaveLength(3);
  });

  describe('the bounded wait', () => {
    // The same engine and intake as the app, with a short wait so a slow model outlasts it.
    const service = (waitMs: number) => {
      const engine = server.app.analysisEngine;
      const quota = new AllowAllQuotaService();
      const photos = photoIntake(engine, server.config, quota);
      return fastAnalysisService({ database: server.db.database, engine, photos, quota, waitMs, pollMs: 100 });
    };
    const user = async () => (await alice.api('/api/auth/session')).body.user;
    const until = async (id: string) => {
      for (let i = 0; i < 100; i++) {
        const a = (await alice.api(`/api/analyses/${id}`)).body.analysis;
        if (a.status === 'done' || a.status === 'failed') return a;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('analysis never finished');
    };

    it('a model slower than the wait → the spec timeout message with a retry; the job still finishes', async () => {
      fake.script({
        kind: 'slow',
        delayMs: 1500,
        then: { kind: 'json', answer: structuredAnswer({ lat: 25.7797, lng: -80.1896, name: 'Freedom Tower' }) },
      });
      const t = Date.now();
      const reply = await service(400).analyse(
        await user(),
        { imageData: dataUrl(await plainJpeg()) },
        new AbortController().signal,
      );
      expect(Date.now() - t).toBeLessThan(1400);
      expect(reply.status).toBe(504);
      expect(reply.body).toMatchObject({
        success: false,
        error: 'Analysis timed out. The image may be too complex.',
        canRetry: true,
      });
      const finished = await until(reply.body.analysisId!);
      expect(finished.analysis_result.source).toBe('Vision Model');
    });

    it('a client that goes away stops only the wait', async () => {
      fake.script({ kind: 'slow', delayMs: 800, then: { kind: 'text', content: 'Coordinates: 25.7663, -80.1917' } });
      const gone = new AbortController();
      setTimeout(() => gone.abort(), 200);
      const reply = await service(10_000).analyse(await user(), { imageData: dataUrl(await plainJpeg()) }, gone.signal);
      expect(reply.body.code).toBe('client_gone');
      const finished = await until(reply.body.analysisId!);
      expect(finished.analysis_result.lat).toBeCloseTo(25.7663, 4);
    });
  });
});

describe('POST /api/fast-analysis while the server shuts down', () => {
  it('ends the wait with 503 and the analysis id, so the close does not wait out two minutes', async () => {
    // No runner in this process: the analysis stays queued, as when every worker is busy elsewhere.
    const server = await startTestServer({ env: { ANALYSIS_WORKER: 'false' } });
    let closed = false;
    try {
      const alice = await server.signIn('closing@example.com', 'Closing');
      const pending = alice.api('/api/fast-analysis', {
        method: 'POST',
        body: { imageData: dataUrl(await plainJpeg()) },
      });
      // The photo is stored and its job queued before the server is asked to close.
      for (let i = 0; i < 100; i++) {
        if ((await alice.api('/api/analysis/my')).body.total > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const closing = server.close();
      const reply = await pending;
      expect(reply.status).toBe(503);
      expect(FastAnalysisResponseSchema.parse(reply.body)).toMatchObject({
        success: false,
        canRetry: true,
        code: 'server_restarting',
        status: 'running',
      });
      expect(reply.body.analysisId).toEqual(expect.any(String));
      await closing;
      closed = true;
    } finally {
      if (!closed) await server.close().catch(() => undefined);
    }
  });
});

describe('JSON photo bodies in flight (the memory bound)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { JSON_UPLOADS_IN_FLIGHT_BYTES: String(2 * 1_048_576), JSON_UPLOADS_PER_USER: '1' },
    });
  });
  afterAll(async () => server?.close());

  /**
   * A JSON upload whose body trickles in (chunked, no length) until `finish` is called: it is in flight, held by
   * the server, for as long as the test wants.
   */
  function trickle(browser: TestBrowser, path = '/api/fast-analysis') {
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('{"imageData":"data:image/jpeg;base64,'));
        await done;
        controller.enqueue(new TextEncoder().encode('AAAA"}'));
        controller.close();
      },
    });
    const response = browser.fetch(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', origin: new URL(browser.baseUrl).origin },
      duplex: 'half',
    } as RequestInit);
    return { response, finish };
  }

  const post = (browser: TestBrowser, path: string, json: string) =>
    browser.fetch(path, {
      method: 'POST',
      body: json,
      headers: { 'content-type': 'application/json', origin: new URL(browser.baseUrl).origin },
    });

  it('refuses an anonymous body before reading it', async () => {
    const res = await post(
      server.browser(),
      '/api/fast-analysis',
      JSON.stringify({ imageData: `data:image/jpeg;base64,${'A'.repeat(4_000_000)}` }),
    );
    expect(res.status).toBe(401);
  });

  it('one user: a second body while the first is still arriving → 429 with Retry-After, then room again', async () => {
    const alice = await server.signIn('inflight-alice@example.com');
    const first = trickle(alice);
    await new Promise((r) => setTimeout(r, 200));
    for (const path of ['/api/fast-analysis', '/api/images/upload-for-analysis']) {
      const second = await post(alice, path, JSON.stringify({ imageData: dataUrl(await plainJpeg(32, 24)) }));
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await second.json()).toMatchObject({ success: false, code: 'uploads_in_flight', canRetry: true });
    }
    first.finish();
    // Its few bytes are no photo: refused as such, once it has arrived.
    expect((await first.response).status).toBe(415);
    const again = await post(alice, '/api/fast-analysis', JSON.stringify({ imageData: 'not a data url' }));
    expect(again.status).toBe(400);
  });

  it('the process: bodies beyond its budget wait their turn (429) while another user’s body is arriving', async () => {
    const alice = await server.signIn('inflight-busy-a@example.com');
    const bob = await server.signIn('inflight-busy-b@example.com');
    // A body without a length counts at the route's limit, more than this server's 2 MB budget.
    const first = trickle(alice);
    await new Promise((r) => setTimeout(r, 200));
    const busy = await post(bob, '/api/fast-analysis', JSON.stringify({ imageData: dataUrl(await plainJpeg(32, 24)) }));
    expect(busy.status).toBe(429);
    expect(((await busy.json()) as { error: string }).error).toMatch(/busy receiving other photos/);
    first.finish();
    await first.response;
    const after = await post(bob, '/api/fast-analysis', JSON.stringify({ imageData: 'not a data url' }));
    expect(after.status).toBe(400);
  });
});
