/**
 * The founder's page imports reference imagery through these routes: start (or resume) an import, send batches of
 * photos, finish; list an import's photos and their thumbnails. Same per-photo step as `npm run gallery:import`
 * (reference.http.test.ts tests the command line); here, what the HTTP side adds: who may call, bad input, batches.
 */
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PhotoUploadResponseSchema,
  ReferenceBatchResponseSchema,
  ReferenceImportFinishResponseSchema,
  ReferenceImportsResponseSchema,
  ReferenceImportStartResponseSchema,
  ReferencePhotosPageSchema,
} from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { GALLERY_PHOTOS, normalisedPhoto, readGalleryPhoto, transformPhoto } from '../../engine/test/gallery-photos';
import { haversineMeters } from '../../engine/geo/geometry';
import { geotagged, PLACES } from './reference.fixtures';

const b64 = (bytes: Buffer) => bytes.toString('base64');
const START = '/api/admin/reference-imports';
const batchOf = (id: string) => `/api/admin/reference-imports/${id}/photos`;
const finishOf = (id: string) => `/api/admin/reference-imports/${id}/finish`;
const thumbnailOf = (id: string) => `/api/admin/reference-photos/${id}/thumbnail`;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('reference imagery from the founder’s page: start, batches, finish, photos, thumbnails', () => {
  let server: TestServer;
  let founder: TestBrowser;
  let user: TestBrowser;
  let anon: TestBrowser;
  let tagged: Buffer[];
  /** A stored reference photo (the first test's), whose thumbnail the access test asks for. */
  let pierId: string;
  const storedFiles = () => readdirSync(server.config.dataDir, { recursive: true }).map(String).sort();

  beforeAll(async () => {
    server = await startTestServer({
      // OCR is not what is tested here; without it the only way to place a GPS-less photo is the gallery. Batches
      // of at most 4 photos, so the limit is reachable with small photos.
      env: { TEXT_LOCATOR: 'false', FOUNDER_EMAILS: 'founder@example.com', UPLOAD_MAX_FILES: '4' },
    });
    [founder, user] = await Promise.all([
      server.signIn('founder@example.com', 'Founder'),
      server.signIn('reference-user@example.com', 'Uma User'),
    ]);
    anon = server.browser();
    tagged = await Promise.all([0, 1, 2].map((i) => geotagged(GALLERY_PHOTOS[i]!, PLACES[i]!)));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const start = (b: TestBrowser, folderName: unknown = 'harbour-walk') =>
    b.api(START, { method: 'POST', body: { folderName } });
  const send = (b: TestBrowser, id: string, photos: Array<{ name: string; data: Buffer }>) =>
    b.api(batchOf(id), { method: 'POST', body: { photos: photos.map((p) => ({ name: p.name, data: b64(p.data) })) } });

  it('imports a batch photo by photo and says why each skipped one was skipped; the original is never kept', async () => {
    const filesBefore = storedFiles();
    const started = await start(founder);
    expect(started.status).toBe(201);
    const { import: run, resumed, limits } = ReferenceImportStartResponseSchema.parse(started.body);
    expect(run).toMatchObject({ folderName: 'harbour-walk', finishedAt: null, photos: 0, via: 'browser' });
    expect(resumed).toBe(false);
    expect(limits).toEqual({
      maxFiles: 4,
      maxBytes: Math.max(16 * 1_048_576, server.config.uploads.maxBytes),
      maxFileBytes: server.config.uploads.maxBytes,
    });

    const first = await send(founder, run.id, [
      { name: 'pier.jpg', data: tagged[0]! },
      { name: 'notes/readme.jpg', data: Buffer.from('not a photo at all') },
      { name: 'no_exif.jpg', data: readGalleryPhoto('parser-samples/without-gps/no_exif.jpg') },
      { name: 'pier copy.jpg', data: tagged[0]! },
    ]);
    expect(first.status).toBe(200);
    expect(ReferenceBatchResponseSchema.parse(first.body)).toEqual({
      results: [
        { name: 'pier.jpg', outcome: 'imported' },
        { name: 'notes/readme.jpg', outcome: 'not-a-photo' },
        { name: 'no_exif.jpg', outcome: 'no-gps' },
        { name: 'pier copy.jpg', outcome: 'duplicate' },
      ],
      photos: 1,
    });
    const second = await send(founder, run.id, [
      { name: 'vizcaya.jpg', data: tagged[1]! },
      { name: 'DSCN0010.jpg', data: readGalleryPhoto('parser-samples/with-gps/DSCN0010.jpg') },
      { name: 'pier.jpg', data: tagged[0]! },
    ]);
    expect(ReferenceBatchResponseSchema.parse(second.body).results.map((r) => r.outcome)).toEqual([
      'imported',
      'outside-county',
      // Stored by the first batch of this import: counted as done before, not as a duplicate from elsewhere.
      'already-imported',
    ]);

    // Until it is finished, the import reads as interrupted in the list.
    const open = ReferenceImportsResponseSchema.parse((await founder.api(START)).body);
    expect(open.imports).toMatchObject([{ id: run.id, finishedAt: null, photos: 2, via: 'browser' }]);
    const finished = ReferenceImportFinishResponseSchema.parse(
      (await founder.api(finishOf(run.id), { method: 'POST' })).body,
    );
    expect(finished.import).toMatchObject({ id: run.id, photos: 2 });
    expect(finished.import!.finishedAt).not.toBeNull();

    // Nothing of the photos went to the photo store (or anywhere on disk): descriptors and a thumbnail, in rows.
    expect(storedFiles()).toEqual(filesBefore);
    const page = ReferencePhotosPageSchema.parse((await founder.api(`${batchOf(run.id)}?limit=1`)).body);
    expect(page).toMatchObject({ total: 2, offset: 0, limit: 1, photos: [{ fileName: 'pier.jpg' }] });
    expect(haversineMeters(page.photos[0]!, PLACES[0]!)).toBeLessThan(1);
    pierId = page.photos[0]!.id;
    const next = ReferencePhotosPageSchema.parse((await founder.api(`${batchOf(run.id)}?offset=1&limit=1`)).body);
    expect(next.photos.map((p) => p.fileName)).toEqual(['vizcaya.jpg']);

    const thumbnail = await founder.fetch(thumbnailOf(page.photos[0]!.id));
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('cache-control')).toBe('private, max-age=86400');
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(160);
    // Stripped like every stored image (R-PRIVACY-1): the GPS lives in the row, not in the thumbnail.
    expect(meta.exif).toBeUndefined();
  }, 120_000);

  it('a new photo of a place imported from the page is recognised for any user', async () => {
    const copy = await transformPhoto(await normalisedPhoto(GALLERY_PHOTOS[1]), {
      crop: { keep: 0.85, x: 0.3, y: 0.6 },
      resizeTo: 1000,
      jpegQuality: 60,
    });
    const res = await uploadPhotos(user, [{ name: 'vizcaya-again.jpg', data: copy, type: 'image/jpeg' }]);
    expect(res.status).toBe(202);
    const analysis = await waitForAnalysis(user, PhotoUploadResponseSchema.parse(res.body).analyses[0]!.analysisId);
    expect(analysis.analysis_result!.source).toBe('Photo Gallery');
    expect(haversineMeters(analysis.analysis_result!, PLACES[1]!)).toBeLessThan(100);
    const evidence = analysis.evidence.find((e) => e.locator === 'gallery' && e.kind === 'position')!;
    expect(evidence.summary).toMatch(/reference photo vizcaya\.jpg from import “harbour-walk”/);
  }, 120_000);

  it('choosing the same folder again resumes its interrupted import; one that stored nothing is dropped', async () => {
    const a = ReferenceImportStartResponseSchema.parse((await start(founder, 'gables')).body);
    await send(founder, a.import.id, [{ name: 'biltmore.jpg', data: tagged[2]! }]);
    // The page was closed here. Later the same folder is chosen again.
    const again = await start(founder, 'gables');
    expect(again.status).toBe(201);
    expect(ReferenceImportStartResponseSchema.parse(again.body)).toMatchObject({
      resumed: true,
      import: { id: a.import.id, photos: 1, finishedAt: null },
    });
    const resent = await send(founder, a.import.id, [{ name: 'biltmore.jpg', data: tagged[2]! }]);
    expect(resent.body.results).toEqual([{ name: 'biltmore.jpg', outcome: 'already-imported' }]);
    expect((await founder.api(finishOf(a.import.id), { method: 'POST' })).status).toBe(200);
    // Finished: nothing more goes into it, and the same name opens a new import.
    const late = await send(founder, a.import.id, [{ name: 'late.jpg', data: tagged[2]! }]);
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({
      code: 'import_finished',
      message: 'This import is finished: start a new import to add photos.',
    });
    const fresh = ReferenceImportStartResponseSchema.parse((await start(founder, 'gables')).body);
    expect(fresh).toMatchObject({ resumed: false });
    expect(fresh.import.id).not.toBe(a.import.id);
    const skippedOnly = await send(founder, fresh.import.id, [
      { name: 'no_exif.jpg', data: readGalleryPhoto('parser-samples/without-gps/no_exif.jpg') },
    ]);
    expect(skippedOnly.body.results[0].outcome).toBe('no-gps');
    const closed = await founder.api(finishOf(fresh.import.id), { method: 'POST' });
    expect(ReferenceImportFinishResponseSchema.parse(closed.body)).toEqual({ import: null });
    const listed = ReferenceImportsResponseSchema.parse((await founder.api(START)).body);
    expect(listed.imports.map((i) => [i.folderName, i.photos])).toEqual([
      ['gables', 1],
      ['harbour-walk', 2],
    ]);
    expect(JSON.stringify(listed)).not.toContain('browser:');
  }, 120_000);

  it('every route is the founder’s: users get 403, anonymous callers 401', async () => {
    const { import: run, limits } = ReferenceImportStartResponseSchema.parse((await start(founder, 'access')).body);
    const calls: Array<[string, string, unknown?]> = [
      ['POST', START, { folderName: 'x' }],
      ['POST', batchOf(run.id), { photos: [{ name: 'a.jpg', data: b64(tagged[0]!) }] }],
      ['POST', finishOf(run.id)],
      ['GET', batchOf(run.id)],
      ['GET', thumbnailOf(pierId)],
      ['DELETE', `${START}/${run.id}`, { confirm: true }],
    ];
    for (const [method, path, body] of calls) {
      const asAnon = await anon.api(path, { method, body });
      expect(asAnon.status, `${method} ${path}`).toBe(401);
      const asUser = await user.api(path, { method, body });
      expect(asUser.status, `${method} ${path}`).toBe(403);
      expect(asUser.body.error.code).toBe('forbidden');
    }
    // A user's batch is refused before its body is read: even one over the batch limit answers 403, not 413.
    const huge = await user.fetch(batchOf(run.id), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: `{"photos":[{"name":"x.jpg","data":"${'A'.repeat(Math.ceil(limits.maxBytes / 3) * 4 + 1_048_576)}"}]}`,
    });
    expect(huge.status).toBe(403);
    await huge.body?.cancel();
    // Nothing above touched the founder's data.
    expect((await founder.api(batchOf(run.id))).body).toMatchObject({ total: 0 });
    const thumb = await founder.fetch(thumbnailOf(pierId));
    expect(thumb.status).toBe(200);
    await thumb.body?.cancel();
  }, 120_000);

  it('bad input gets a 400 that names the field, and the server stays up', async () => {
    const { import: run } = ReferenceImportStartResponseSchema.parse((await start(founder, 'bad-input')).body);
    const cases: Array<[string, unknown, number, string, RegExp]> = [
      [START, {}, 400, 'invalid_reference_import', /folderName/],
      [START, { folderName: '   ' }, 400, 'invalid_reference_import', /Name the import/],
      [START, { folderName: 'x'.repeat(201) }, 400, 'invalid_reference_import', /at most 200 characters/],
      [batchOf(run.id), {}, 400, 'invalid_reference_batch', /photos/],
      [batchOf(run.id), { photos: [] }, 400, 'invalid_reference_batch', /Send at least one photo/],
      [batchOf(run.id), { photos: [{ name: 'a.jpg', data: 'not base64!' }] }, 400, 'invalid_reference_batch', /base64/],
      [batchOf(run.id), { photos: [{ name: '', data: '' }] }, 400, 'invalid_reference_batch', /file name/],
      [
        batchOf(run.id),
        { photos: [{ name: 'a.jpg', data: '', extra: 1 }], more: true },
        400,
        'invalid_reference_batch',
        /more/,
      ],
      [
        batchOf(run.id),
        { photos: Array.from({ length: 5 }, (_, i) => ({ name: `${i}.jpg`, data: b64(tagged[0]!) })) },
        413,
        'too_many_files',
        /at most 4 at a time/,
      ],
      [batchOf('not-an-id'), { photos: [{ name: 'a.jpg', data: '' }] }, 404, 'not_found', /No such reference import/],
      [batchOf(MISSING), { photos: [{ name: 'a.jpg', data: '' }] }, 404, 'not_found', /No such reference import/],
      [finishOf(MISSING), undefined, 404, 'not_found', /No such reference import/],
    ];
    for (const [path, body, status, code, message] of cases) {
      const res = await founder.api(path, { method: 'POST', body });
      expect(res.status, `${path} ${String(JSON.stringify(body)).slice(0, 80)}`).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toMatch(message);
    }
    for (const path of [`${batchOf(MISSING)}`, `${batchOf('nope')}`, thumbnailOf(MISSING), thumbnailOf('nope')])
      expect((await founder.api(path)).status, path).toBe(404);
    expect((await founder.api(`${batchOf(run.id)}?limit=0`)).status).toBe(400);
    expect((await founder.api(`${batchOf(run.id)}?limit=101`)).status).toBe(400);

    // Not JSON at all; a body over the batch limit.
    const broken = await founder.fetch(batchOf(run.id), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: '{"photos": [',
    });
    expect(broken.status).toBe(400);
    await broken.body?.cancel();
    const limit = ReferenceImportStartResponseSchema.parse((await start(founder, 'bad-input')).body).limits.maxBytes;
    const tooBig = await founder.fetch(batchOf(run.id), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: `{"photos":[{"name":"x.jpg","data":"${'A'.repeat(Math.ceil(limit / 3) * 4 + 1_048_576)}"}]}`,
    });
    expect(tooBig.status).toBe(413);
    await tooBig.body?.cancel();

    // A JPEG that is cut off half-way: its GPS reads, its pixels do not.
    const cut = await send(founder, run.id, [
      { name: 'cut.jpg', data: tagged[1]!.subarray(0, tagged[1]!.length >> 1) },
    ]);
    expect(cut.body.results).toEqual([{ name: 'cut.jpg', outcome: 'unreadable' }]);

    // Still up, and still importing.
    const ok = await send(founder, run.id, [
      { name: 'zoo.jpg', data: await geotagged(GALLERY_PHOTOS[13]!, PLACES[4]!) },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.results).toEqual([{ name: 'zoo.jpg', outcome: 'imported' }]);
    expect((await founder.api('/api/health')).status).toBe(200);
  }, 120_000);
});
