import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeVisionServer, structuredAnswer, type FakeVisionServer } from '../../test/fake-vision-server';
import { parseRetryAfterMs, VisionApiError, VisionClient, type VisionClientOptions } from './vision-client';
import { VISION_ANSWER_JSON_SCHEMA } from './vision-answer';

const IMAGE = { bytes: Buffer.from('RIFF....WEBPVP8 fake pixels'), mimeType: 'image/webp' };
const request = (signal?: AbortSignal) => ({
  system: 'sys',
  prompt: 'Where is this?',
  image: IMAGE,
  schema: { name: 'geolocation', schema: VISION_ANSWER_JSON_SCHEMA as unknown as Record<string, unknown> },
  signal,
});

async function failure(promise: Promise<unknown>): Promise<VisionApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VisionApiError);
  return error as VisionApiError;
}

describe('VisionClient against an OpenAI-compatible server', () => {
  let fake: FakeVisionServer;
  const client = (opts: Partial<VisionClientOptions> = {}) =>
    new VisionClient({
      baseUrl: fake.baseUrl,
      apiKey: 'sk-test-secret',
      model: 'fake-vision-1',
      backoffBaseMs: 5,
      ...opts,
    });

  beforeAll(async () => {
    fake = await startFakeVisionServer({ apiKey: 'sk-test-secret' });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('sends the image as a data URL with a json_schema response format, bearer key and low temperature', async () => {
    const answer = structuredAnswer({ lat: 25.7907, lng: -80.13, name: 'Lincoln Road', neighbourhood: 'South Beach' });
    fake.script({ kind: 'json', answer });
    const res = await client().complete(request());
    expect(JSON.parse(res.content)).toEqual(answer);
    expect(res).toMatchObject({ model: 'fake-vision-1', format: 'json_schema', attempts: 1 });
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe('Bearer sk-test-secret');
    expect(sent.body.model).toBe('fake-vision-1');
    expect(sent.body.temperature).toBeLessThanOrEqual(0.2);
    expect(sent.body.response_format?.type).toBe('json_schema');
    expect(sent.body.response_format?.json_schema?.strict).toBe(true);
    expect(sent.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    const parts = sent.body.messages![1]!.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(parts[1]!.image_url!.url).toBe(`data:image/webp;base64,${IMAGE.bytes.toString('base64')}`);
  });

  it('returns free text as it came', async () => {
    fake.script({ kind: 'text', content: 'Brickell, near the river.\nCoordinates: 25.7663, -80.1917' });
    const res = await client().complete(request());
    expect(res.content).toContain('Coordinates: 25.7663, -80.1917');
  });

  it('returns a malformed JSON answer as text for the caller to read', async () => {
    fake.script({ kind: 'text', content: '{"candidates": [{"lat": 25.77, "lng": -80.19,' });
    const res = await client().complete(request());
    expect(res.content.startsWith('{"candidates"')).toBe(true);
  });

  it('steps down to json_object, then plain, when the server refuses the format, and remembers it', async () => {
    const answer = structuredAnswer({ lat: 25.77, lng: -80.19, name: 'Downtown' });
    fake.setDefault({ kind: 'refuse-format', types: ['json_schema', 'json_object'], then: { kind: 'json', answer } });
    const c = client();
    const res = await c.complete(request());
    expect(res.format).toBe('text');
    expect(res.attempts).toBe(1);
    expect(fake.requests.map((r) => r.body.response_format?.type ?? 'none')).toEqual([
      'json_schema',
      'json_object',
      'none',
    ]);
    await c.complete(request());
    expect(fake.requests.length).toBe(4);
    expect(fake.requests[3]!.body.response_format).toBeUndefined();
  });

  it('leaves out settings a model refuses (max_tokens, temperature) and remembers that', async () => {
    fake.setDefault({ kind: 'refuse-params', then: { kind: 'text', content: 'ok' } });
    const c = client();
    const res = await c.complete(request());
    expect(res).toMatchObject({ content: 'ok', attempts: 1 });
    expect(fake.requests).toHaveLength(3);
    const last = fake.requests[2]!.body;
    expect(last.max_tokens).toBeUndefined();
    expect(last.max_completion_tokens).toBeGreaterThan(0);
    expect(last.temperature).toBeUndefined();
    await c.complete(request());
    expect(fake.requests).toHaveLength(4);
  });

  it('a 400 that is not about a setting is final', async () => {
    fake.setDefault({ kind: 'status', status: 400, message: 'Invalid image: could not decode' });
    const error = await failure(client().complete(request()));
    expect(error.message).toBe('Invalid image: could not decode');
    expect(error.canRetry).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it('a slow server → the spec timeout message, retry allowed', async () => {
    fake.script({ kind: 'slow', delayMs: 2000, then: { kind: 'text', content: 'late' } });
    const t = Date.now();
    const error = await failure(client({ timeoutMs: 300 }).complete(request()));
    expect(Date.now() - t).toBeLessThan(1500);
    expect(error.message).toBe('Analysis timed out. The image may be too complex.');
    expect(error.canRetry).toBe(true);
    expect(fake.requests.length).toBe(1);
  });

  it('429 → waits as Retry-After says, then succeeds', async () => {
    fake.script(
      { kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '1' } },
      { kind: 'text', content: 'Coordinates: 25.7617, -80.1918' },
    );
    const t = Date.now();
    const res = await client().complete(request());
    expect(Date.now() - t).toBeGreaterThanOrEqual(950);
    expect(res.attempts).toBe(2);
    expect(fake.requests.length).toBe(2);
  });

  it('429 every time → the spec rate-limit message after 3 attempts', async () => {
    fake.setDefault({ kind: 'status', status: 429 });
    const error = await failure(client().complete(request()));
    expect(error.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(error.canRetry).toBe(true);
    expect(error.attempts).toBe(3);
    expect(fake.requests.length).toBe(3);
  });

  it('a Retry-After longer than the cap is not waited for', async () => {
    fake.setDefault({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } });
    const error = await failure(client().complete(request()));
    expect(error.kind).toBe('rate_limited');
    expect(fake.requests.length).toBe(1);
  });

  it('500 → retried, then the spec server-error message with canRetry', async () => {
    fake.setDefault({ kind: 'status', status: 500, message: 'CUDA out of memory' });
    const error = await failure(client().complete(request()));
    expect(error.message).toBe('Server error. Our team has been notified.');
    expect(error.canRetry).toBe(true);
    expect(error.status).toBe(500);
    expect(fake.requests.length).toBe(3);
  });

  it('500 then success → the answer', async () => {
    fake.script({ kind: 'status', status: 503 }, { kind: 'text', content: 'ok' });
    const res = await client().complete(request());
    expect(res).toMatchObject({ content: 'ok', attempts: 2 });
  });

  it('401 → the spec authentication message, no retry, and the key is not in the error', async () => {
    const error = await failure(client({ apiKey: 'sk-wrong-key' }).complete(request()));
    expect(error.message).toBe('Authentication failed. Please refresh the page.');
    expect(error.canRetry).toBe(false);
    expect(fake.requests.length).toBe(1);
    expect(JSON.stringify({ ...error, message: error.message, detail: error.detail })).not.toContain('sk-wrong-key');
  });

  it('no server listening → the spec network message', async () => {
    const error = await failure(
      new VisionClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', backoffBaseMs: 1 }).complete(request()),
    );
    expect(error.message).toBe('Network connection failed. Please check your internet connection.');
    expect(error.attempts).toBe(3);
  });

  it('a 200 that is not JSON → Invalid response format from server', async () => {
    fake.script({ kind: 'garbage', body: '<html>proxy error</html>' });
    const error = await failure(client().complete(request()));
    expect(error.message).toBe('Invalid response format from server');
  });

  it("the caller's signal cuts a call short", async () => {
    fake.script({ kind: 'slow', delayMs: 3000, then: { kind: 'text', content: 'late' } });
    const error = await failure(client().complete(request(AbortSignal.timeout(200))));
    expect(error.kind).toBe('timeout');
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfterMs('2')).toBe(2000);
    expect(parseRetryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfterMs('soon')).toBeUndefined();
    expect(parseRetryAfterMs(null)).toBeUndefined();
  });
});
