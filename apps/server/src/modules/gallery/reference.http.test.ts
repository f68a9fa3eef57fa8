import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PhotoUploadResponseSchema, ReferenceImportsResponseSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { GALLERY_PHOTOS, normalisedPhoto, readGalleryPhoto, transformPhoto } from '../../engine/test/gallery-photos';
import { haversineMeters } from '../../engine/geo/geometry';
import { isInMiamiDade } from '../../engine/geo/county';
import { importReferenceFolder, type ImportOptions, type ImportProgress } from './reference-import';
import { geotagged, PLACES } from './reference.fixtures';
import { ReferenceRepository } from './reference.repository';

/** Real files of ../shared/data/images copied as they are (at test time, into a temporary folder): what each is. */
const AS_IS: Record<string, ImportProgress['outcome']> = {
  'parser-samples/with-gps/DSCN0010.jpg': 'outside-county',
  'parser-samples/with-gps/IMG_5195.HEIC': 'outside-county',
  'parser-samples/with-gps/mdx_Apple_iPhone_5.jpg': 'outside-county',
  'parser-samples/without-gps/no_exif.jpg': 'no-gps',
  'parser-samples/without-gps/exifreader_test-no-meta-data.heic': 'no-gps',
  'parser-samples/gps-edge-cases/mdx_Samsung_GT-I9000_gps_0_0.jpg': 'no-gps',
  'parser-samples/gps-edge-cases/immich_datetimeoriginal-gps_integer_coords.jpg': 'no-gps',
  // No GPS is read from it, so its pixels are never needed: skipped for that before anything decodes it.
  'malformed/exifr/heic-empty.heic': 'no-gps',
};

const flat = (name: string) => name.replaceAll('/', '_');

describe('reference imagery: gallery:import, the locator and the founder routes', () => {
  let server: TestServer;
  let repository: ReferenceRepository;
  let work: string;
  let folder: string;
  let expected: Record<string, ImportProgress['outcome']>;
  const importFolder = async (dir: string, opts: Partial<ImportOptions> = {}) => {
    const outcomes: Record<string, string> = {};
    const summary = await importReferenceFolder(dir, {
      repository,
      maxPixels: server.config.uploads.maxPixels,
      ...opts,
      onProgress(p) {
        outcomes[p.file] = p.outcome;
        opts.onProgress?.(p);
      },
    });
    return { summary, outcomes };
  };

  beforeAll(async () => {
    // OCR is not what is tested here; without it the only way to place a GPS-less photo is the gallery.
    server = await startTestServer({ env: { TEXT_LOCATOR: 'false', FOUNDER_EMAILS: 'founder@example.com' } });
    repository = new ReferenceRepository(server.db.database.db);
    for (const p of PLACES) expect(isInMiamiDade(p)).toBe(true);
    work = mkdtempSync(join(tmpdir(), 'vt-reference-'));
    folder = join(work, 'downtown-walk');
    mkdirSync(join(folder, 'week 2'), { recursive: true });
    expected = {};
    for (const [name, outcome] of Object.entries(AS_IS)) {
      writeFileSync(join(folder, flat(name)), readGalleryPhoto(name));
      expected[flat(name)] = outcome;
    }
    // Three real photos re-tagged inside the county; one of them twice (a copy in another sub-folder).
    const tagged = await Promise.all(GALLERY_PHOTOS.slice(0, 3).map((name, i) => geotagged(name, PLACES[i]!)));
    tagged.forEach((bytes, i) => {
      writeFileSync(join(folder, `miami-${i}.jpg`), bytes);
      expected[`miami-${i}.jpg`] = 'imported';
    });
    // Files are taken in path order: the copy under "week 2/" comes after the original.
    writeFileSync(join(folder, 'week 2', 'miami-0 copy.JPG'), tagged[0]!);
    expected[join('week 2', 'miami-0 copy.JPG')] = 'duplicate';
    // Cut off half-way: the GPS (at the start) reads, the pixels do not.
    writeFileSync(join(folder, 'truncated.jpg'), tagged[1]!.subarray(0, Math.floor(tagged[1]!.length / 2)));
    expected['truncated.jpg'] = 'unreadable';
    writeFileSync(join(folder, 'notes.txt'), 'not a photo');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('imports the geotagged photos inside the county and says why it skipped the others', async () => {
    const { summary, outcomes } = await importFolder(folder);
    expect(outcomes).toEqual(expected);
    expect(summary).toMatchObject({
      folderName: 'downtown-walk',
      resumed: false,
      interrupted: false,
      total: Object.keys(expected).length,
      imported: 3,
      alreadyImported: 0,
      skipped: { duplicate: 1, 'no-gps': 5, 'outside-county': 3, unreadable: 1 },
    });
    expect(summary.photosPerSecond).toBeGreaterThan(0);
    const imports = await repository.list();
    expect(imports).toMatchObject([{ id: summary.importId, folderName: 'downtown-walk', photos: 3 }]);
    expect(imports[0]!.finishedAt).toBeInstanceOf(Date);
  }, 120_000);

  it('a second run skips every photo it imported as a duplicate, and lists no empty import', async () => {
    const { summary } = await importFolder(folder);
    expect(summary).toMatchObject({ imported: 0, skipped: { duplicate: 4, 'no-gps': 5, 'outside-county': 3 } });
    expect(await repository.list()).toHaveLength(1);
  }, 60_000);

  it('an interrupted run leaves its import open, and the next run on the folder resumes it', async () => {
    const second = join(work, 'coral-gables');
    mkdirSync(second);
    const names = [GALLERY_PHOTOS[10], GALLERY_PHOTOS[11], GALLERY_PHOTOS[13]];
    for (const [i, name] of names.entries())
      writeFileSync(join(second, `gables-${i}.jpg`), await geotagged(name!, PLACES[3 + i]!));
    const stop = new AbortController();
    const first = await importFolder(second, {
      onProgress: (p) => p.imported === 1 && stop.abort(),
      signal: stop.signal,
    });
    expect(first.summary).toMatchObject({ interrupted: true, imported: 1 });
    const open = (await repository.list()).find((i) => i.id === first.summary.importId)!;
    expect(open).toMatchObject({ finishedAt: null, photos: 1 });
    const again = await importFolder(second);
    expect(again.summary).toMatchObject({
      importId: first.summary.importId,
      resumed: true,
      interrupted: false,
      imported: 2,
      alreadyImported: 1,
      skipped: { duplicate: 0 },
    });
    expect(again.outcomes['gables-0.jpg']).toBe('already-imported');
  }, 120_000);

  it('a new photo of an imported one is recognised for any user through the reference imagery', async () => {
    const alice = await server.signIn('reference-alice@example.com', 'Alice');
    // Someone else's picture of the same place: smaller, re-encoded, cropped a little, no GPS.
    const copy = await transformPhoto(await normalisedPhoto(GALLERY_PHOTOS[2]), {
      crop: { keep: 0.9, x: 0.4, y: 0.5 },
      resizeTo: 900,
      jpegQuality: 55,
    });
    const res = await uploadPhotos(alice, [{ name: 'new.jpg', data: copy, type: 'image/jpeg' }]);
    expect(res.status).toBe(202);
    const analysis = await waitForAnalysis(alice, PhotoUploadResponseSchema.parse(res.body).analyses[0]!.analysisId);
    const result = analysis.analysis_result!;
    expect(result.source).toBe('Photo Gallery');
    expect(haversineMeters(result, PLACES[2]!)).toBeLessThan(100);
    const evidence = analysis.evidence.find((e) => e.locator === 'gallery' && e.kind === 'position')!;
    expect(evidence.summary).toMatch(/reference photo miami-2\.jpg from import “downtown-walk”/);
    expect(evidence.details).toMatchObject({
      match: { source: 'reference', importName: 'downtown-walk', analysisId: null },
      gallerySize: 0,
      referenceSize: 6,
    });
    expect(JSON.stringify(evidence)).not.toMatch(/data:image|originals\//);
  }, 120_000);

  it('the founder lists and removes imports; users get 403, anonymous 401', async () => {
    const [founder, user] = await Promise.all([
      server.signIn('founder@example.com', 'Founder'),
      server.signIn('reference-bob@example.com', 'Bob'),
    ]);
    const anon = server.browser();
    const list = async (b: TestBrowser) => b.api('/api/admin/reference-imports');
    expect((await list(anon)).status).toBe(401);
    expect((await list(user)).status).toBe(403);
    const listed = ReferenceImportsResponseSchema.parse((await list(founder)).body);
    expect(listed.photos).toBe(6);
    expect(listed.imports.map((i) => [i.folderName, i.photos])).toEqual([
      ['coral-gables', 3],
      ['downtown-walk', 3],
    ]);
    const target = listed.imports[1]!;
    const remove = (b: TestBrowser, id: string, body: unknown = { confirm: true }) =>
      b.api(`/api/admin/reference-imports/${id}`, { method: 'DELETE', body });
    expect((await remove(anon, target.id)).status).toBe(401);
    expect((await remove(user, target.id)).status).toBe(403);
    const unconfirmed = await remove(founder, target.id, {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.message).toContain('confirm');
    expect((await remove(founder, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await remove(founder, 'not-an-id')).status).toBe(404);
    const removed = await remove(founder, target.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ deleted: 3 });
    expect(ReferenceImportsResponseSchema.parse((await list(founder)).body)).toMatchObject({
      photos: 3,
      imports: [{ folderName: 'coral-gables' }],
    });
    // Its photos no longer place anything: the same new photo finds no reference match.
    const copy = await transformPhoto(await normalisedPhoto(GALLERY_PHOTOS[2]), { resizeTo: 900, jpegQuality: 55 });
    const res = await uploadPhotos(user, [{ name: 'again.jpg', data: copy, type: 'image/jpeg' }]);
    const analysis = await waitForAnalysis(user, PhotoUploadResponseSchema.parse(res.body).analyses[0]!.analysisId);
    expect(analysis.evidence.find((e) => e.locator === 'gallery')).toMatchObject({
      kind: 'absent',
      details: { referenceSize: 3 },
    });
  }, 120_000);

  it('the CLI (npm run gallery:import) prints a progress line and the summary, on its own database', async () => {
    const dir = join(work, 'cli-folder');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.jpg'), await geotagged(GALLERY_PHOTOS[0], PLACES[0]!));
    writeFileSync(join(dir, 'b.jpg'), readGalleryPhoto('parser-samples/without-gps/no_exif.jpg'));
    const dataDir = mkdtempSync(join(tmpdir(), 'vt-cli-'));
    const cli = join(import.meta.dirname, '../../cli/gallery-import.ts');
    const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', cli, dir], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
    });
    rmSync(dataDir, { recursive: true, force: true });
    expect(stderr).toMatch(/\] 2\/2 {2}imported 1 {2}skipped 1/);
    expect(stdout).toMatch(/imported {9}1/);
    expect(stdout).toMatch(/skipped {10}1 no GPS position/);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toMatchObject({ imported: 1, skipped: { 'no-gps': 1 } });
  }, 120_000);
});
