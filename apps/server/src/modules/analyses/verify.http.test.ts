import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { VerifyResponseSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { analysePhoto, postPhotos } from '../../test/analyses';
import { gpsJpeg, plainJpeg } from './photos.fixtures';

const post = (browser: TestBrowser, path: string, name: string, data: Buffer) =>
  postPhotos(browser, path, [{ name, data, type: 'image/jpeg' }]);

describe('POST /api/verify: was this exact file analysed under my account, and when?', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.signIn('verify-alice@example.com', 'Alice');
    bob = await server.signIn('verify-bob@example.com', 'Bob');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('names every analysis of the same bytes, oldest first, with the server time it was received', async () => {
    const photo = await gpsJpeg(25.7907, -80.13, { accuracyM: 5 });
    const first = (await analysePhoto(alice, 'original.jpg', photo)).analysisId;
    const again = (await analysePhoto(alice, 'copy.jpg', photo)).analysisId;
    const res = await post(alice, '/api/verify', 'from-the-report.jpg', photo);
    expect(res.status).toBe(200);
    const body = VerifyResponseSchema.parse(res.body);
    expect(body.sha256).toBe(createHash('sha256').update(photo).digest('hex'));
    expect(body.byteSize).toBe(photo.length);
    expect(body.matches.map((m) => [m.analysisId, m.fileName, m.status])).toEqual([
      [first, 'original.jpg', 'done'],
      [again, 'copy.jpg', 'done'],
    ]);
    expect(Date.parse(body.matches[0]!.receivedAt)).toBeLessThanOrEqual(Date.parse(body.matches[1]!.receivedAt));
    expect(body.matches[0]!.placeName).toMatch(/Miami Beach/);
  });

  it('a file changed by one byte, or someone else’s analysis of the same bytes, is not a match', async () => {
    const photo = await plainJpeg();
    await analysePhoto(bob, 'bobs.jpg', photo);
    expect(VerifyResponseSchema.parse((await post(alice, '/api/verify', 'x.jpg', photo)).body).matches).toEqual([]);
    const changed = Buffer.from(photo);
    changed[changed.length - 3] = changed[changed.length - 3]! ^ 0xff;
    expect(VerifyResponseSchema.parse((await post(bob, '/api/verify', 'x.jpg', changed)).body).matches).toEqual([]);
    expect(VerifyResponseSchema.parse((await post(bob, '/api/verify', 'x.jpg', photo)).body).matches).toHaveLength(1);
  });

  it('counts nothing against the weekly limit, and refuses what it cannot check', async () => {
    const before = (await alice.api('/api/limits/me')).body;
    await post(alice, '/api/verify', 'x.jpg', await plainJpeg());
    expect((await alice.api('/api/limits/me')).body).toEqual(before);

    const empty = await post(alice, '/api/verify', 'empty.jpg', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { code: 'empty_file' } });
    const json = await alice.api('/api/verify', { method: 'POST', body: { sha256: 'x' } });
    expect(json.status).toBe(415);
    expect((await post(server.browser(), '/api/verify', 'x.jpg', await plainJpeg())).status).toBe(401);
  });

  it('a file over the photo size limit, or a form without a file, gets a clear refusal', async () => {
    const small = await startTestServer({ env: { UPLOAD_MAX_BYTES: '2048' } });
    try {
      const carol = await small.signIn('verify-carol@example.com', 'Carol');
      const big = await post(carol, '/api/verify', 'big.jpg', Buffer.alloc(4096, 7));
      expect(big.status).toBe(413);
      expect(big.body).toMatchObject({ error: { code: 'photo_too_large' } });
      expect((big.body as { error: { message: string } }).error.message).toMatch(
        /larger than the .* MB a photo may be/,
      );

      const form = new FormData();
      form.append('note', 'no file here');
      const res = await carol.fetch('/api/verify', {
        method: 'POST',
        body: form,
        headers: { origin: new URL(carol.baseUrl).origin },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'no_file' } });
    } finally {
      await small.close();
    }
  });
});
