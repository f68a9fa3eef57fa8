import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PhotoUploadResponseSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import { startTestS3, type TestS3 } from '../../test/s3';
import { S3Storage } from '../../adapters/storage/s3.storage';
import { gpsJpeg } from './photos.fixtures';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';

const waitFor = waitForAnalysis;

/** The upload → derivatives → served images path of photos.http.test.ts, with STORAGE_DRIVER=s3. */
describe('photos on S3-compatible storage (STORAGE_DRIVER=s3)', () => {
  let s3: TestS3;
  let server: TestServer;
  let bucket: S3Storage;

  beforeAll(async () => {
    s3 = await startTestS3('vt-photos');
    server = await startTestServer({ env: s3.env });
    bucket = new S3Storage({ ...s3, region: 'us-east-1', forcePathStyle: true });
  });
  afterAll(async () => {
    bucket?.close();
    await server?.close();
    await s3?.close();
  });

  it('stores the original and derivatives in the bucket and serves the thumbnails from it', async () => {
    expect(server.app.analysisEngine.storage).toBeInstanceOf(S3Storage);
    const alice = await server.signIn('alice@example.com', 'Alice');
    const response = await uploadPhotos(alice, [
      { name: 'brickell.jpg', data: await gpsJpeg(25.7663, -80.1936, { accuracyM: 8, width: 2400, height: 1600 }) },
    ]);
    expect(response.status).toBe(202);
    const [queued] = PhotoUploadResponseSchema.parse(response.body).analyses;

    const analysis = await waitFor(alice, queued!.analysisId);
    expect(analysis.status).toBe('done');
    expect(analysis.analysis_result).toMatchObject({ outcome: 'found', source: 'GPS Metadata' });

    for (const kind of ['thumbnail', 'display'] as const) {
      const r = await alice.fetch(`/api/photos/${queued!.photoId}/${kind}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(kind === 'thumbnail' ? 256 : 1600);
    }
    // Read straight from the bucket with a separate client: the derivatives are there, the original is gone.
    const keys = await bucket.list('');
    expect(keys.filter((k) => k.includes(queued!.photoId)).length).toBeGreaterThanOrEqual(2);
    expect(keys.some((k) => k.startsWith('originals/'))).toBe(false);
    expect(existsSync(join(server.config.dataDir, 'photos'))).toBe(false);
  });
});
