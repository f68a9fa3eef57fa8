import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  ApiErrorSchema,
  EvidenceReportSchema,
  type EvidenceReport,
  type ReportImage,
  type TextEvidenceDetails,
} from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { GALLERY_PHOTOS, normalisedPhoto, transformPhoto } from '../../engine/test/gallery-photos';
import { createStorage } from '../../adapters/storage/create-storage';
import { analysePhoto } from '../../test/analyses';
import { gpsJpeg } from '../analyses/photos.fixtures';
import { importReferenceFolder } from '../gallery/reference-import';
import { ReferenceRepository } from '../gallery/reference.repository';
import { geotagged, PLACES } from '../gallery/reference.fixtures';

/** A photo analysed to the end (a minute: the gallery's match and OCR run beside other tests on a busy machine). */
const analysed = async (browser: TestBrowser, name: string, data: Buffer) =>
  (await analysePhoto(browser, name, data, 60_000)).analysisId;

/** A report image's JPEG as sharp reads it back: its size, and whether any metadata came along. */
async function jpegOf(image: ReportImage | null | undefined) {
  expect(image).toBeTruthy();
  const meta = await sharp(Buffer.from(image!.dataUrl.split(',')[1]!, 'base64')).metadata();
  expect([meta.width, meta.height]).toEqual([image!.width, image!.height]);
  return { format: meta.format, width: meta.width, metadata: Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc) };
}

/** The image XObjects of a PDF (their dictionaries are never compressed). */
const imageObjects = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

const report = async (browser: TestBrowser, id: string): Promise<EvidenceReport> => {
  const res = await browser.api(`/api/analyses/${id}/report.json`);
  expect(res.status).toBe(200);
  return EvidenceReportSchema.parse(res.body);
};

/** The bytes of a download, with its headers. */
async function download(browser: TestBrowser, path: string) {
  const res = await browser.fetch(path);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /api/analyses/:id/report.json and report.pdf: the evidence report (R-REPORT-1, R-REPORT-2)', () => {
  let server: TestServer;
  let alice: TestBrowser;
  let bob: TestBrowser;
  let founder: TestBrowser;
  let photo: Buffer;
  let id: string;
  beforeAll(async () => {
    // OCR is not what is tested here: GPS-less photos are placed by the gallery (their text evidence is written in).
    server = await startTestServer({ env: { TEXT_LOCATOR: 'false' } });
    [alice, bob, founder] = await Promise.all([
      server.signIn('report-alice@example.com', 'Alice Reporter'),
      server.signIn('report-bob@example.com', 'Bob'),
      server.signIn('founder@visionterminal.local', 'Vera Founder'),
    ]);
    photo = await gpsJpeg(25.7907, -80.13, { accuracyM: 5 });
    id = (await analysePhoto(alice, 'Ocean Drive 1.jpg', photo)).analysisId;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('gives the owner the report as JSON: the file as received, its metadata, evidence, result and chained events', async () => {
    const res = await alice.api(`/api/analyses/${id}/report.json`);
    expect(res.status).toBe(200);
    expect(res.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="evidence-report-Ocean-Drive-1-[0-9a-f]{8}\.json"$/,
    );
    expect(res.response.headers.get('cache-control')).toBe('no-store');
    const report = EvidenceReportSchema.parse(res.body);
    expect(report.file).toMatchObject({
      fileName: 'Ocean Drive 1.jpg',
      sha256: createHash('sha256').update(photo).digest('hex'),
      byteSize: photo.length,
      format: 'jpeg',
      width: 640,
      height: 480,
      receivedBy: { name: 'Alice Reporter', email: 'report-alice@example.com' },
    });
    expect(report.metadata).toMatchObject({ make: 'TestPhone', model: 'GPS 1', gps: { status: 'ok' } });
    expect(report.evidence.find((e) => e.locator === 'metadata')).toMatchObject({ kind: 'position' });
    expect(report.result?.name).toMatch(/Miami Beach/);
    expect(report.candidates.length).toBeGreaterThan(0);
    expect(report.versions.engine).toMatch(/^engine-/);
    expect(report.events.items.map((e) => e.type)).toEqual(expect.arrayContaining(['received', 'started', 'done']));
    expect(report.events.chain).toMatchObject({ intact: true, unchained: 0, brokenAt: null });
    expect(report.events.chain.chained).toBe(report.events.items.length);
    expect(report.events.chain.lastHash).toBe(report.events.items.at(-1)!.hash);
    expect(report.verification).toContain(`${server.baseUrl}/verify`);
    // A small image of the photo from its stored display image: the upload's EXIF GPS is not in it (R-REPORT-5).
    expect(await jpegOf(report.photo.image)).toEqual({ format: 'jpeg', width: 480, metadata: false });
    expect(report.photo.note).toMatch(/from the image stored for display \(all its metadata removed\)/);
  });

  it('gives the owner the same report as a PDF to download', async () => {
    const res = await download(alice, `/api/analyses/${id}/report.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="evidence-report-Ocean-Drive-1-[0-9a-f]{8}\.pdf"$/,
    );
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    // The document's properties name the analysis and the file's hash (the pages themselves are compressed).
    expect(res.bytes.toString('latin1')).toContain(createHash('sha256').update(photo).digest('hex'));
    // The photo near the top, as the JSON carries it.
    expect(imageObjects(res.bytes)).toBe(1);
  });

  it('answers another user and the founder as if the analysis did not exist, and an anonymous caller 401', async () => {
    const theirs = await bob.api(`/api/analyses/${id}`);
    expect(theirs.status).toBe(404);
    for (const format of ['json', 'pdf']) {
      for (const other of [bob, founder]) {
        const res = await other.api(`/api/analyses/${id}/report.${format}`);
        expect(res.status, `${format}`).toBe(404);
        expect(res.body).toEqual(theirs.body);
      }
      expect((await server.browser().api(`/api/analyses/${id}/report.${format}`)).status).toBe(401);
      expect((await alice.api(`/api/analyses/not-a-uuid/report.${format}`)).status).toBe(404);
    }
  });

  it('refuses an analysis still queued or running with 409; a failed one gets its report, marked failed', async () => {
    const db = server.db.database.db;
    try {
      await db.execute(sql`update analyses set status = 'running' where id = ${id}`);
      for (const format of ['json', 'pdf']) {
        const res = await alice.api(`/api/analyses/${id}/report.${format}`);
        expect(res.status).toBe(409);
        expect(ApiErrorSchema.parse(res.body).error).toEqual({
          code: 'analysis_not_finished',
          message: 'The analysis has not finished yet: its report can be made once it is done.',
        });
      }
      await db.execute(
        sql`update analyses set status = 'failed', error = '{"code":"engine_error","message":"The engine stopped.","canRetry":true}'::jsonb where id = ${id}`,
      );
      const report = EvidenceReportSchema.parse((await alice.api(`/api/analyses/${id}/report.json`)).body);
      expect(report.analysis.status).toBe('failed');
      expect(report.error?.message).toBe('The engine stopped.');
      const pdf = await download(alice, `/api/analyses/${id}/report.pdf`);
      expect(pdf.status).toBe(200);
    } finally {
      await db.execute(sql`update analyses set status = 'done', error = null where id = ${id}`);
    }
  });

  it('shows where the stored history was rewritten', async () => {
    const again = (await analysePhoto(alice, 'again.jpg', photo)).analysisId;
    const before = EvidenceReportSchema.parse((await alice.api(`/api/analyses/${again}/report.json`)).body);
    const target = before.events.items.find((e) => e.type === 'done')!;
    await server.db.database.db.execute(
      sql`update analysis_events set data = jsonb_set(data, '{result,name}', '"Somewhere else"') where id = ${target.id}`,
    );
    const after = EvidenceReportSchema.parse((await alice.api(`/api/analyses/${again}/report.json`)).body);
    expect(after.events.chain.intact).toBe(false);
    expect(after.events.chain.brokenAt?.eventId).toBe(target.id);
    expect((await download(alice, `/api/analyses/${again}/report.pdf`)).status).toBe(200);
  });

  it('reports a result recorded from elsewhere, with no file to verify', async () => {
    const created = await alice.api('/api/analysis/create', {
      method: 'POST',
      body: { analysis_result: { name: 'Brickell City Centre', lat: 25.7668, lng: -80.1929 } },
    });
    const report = EvidenceReportSchema.parse(
      (await alice.api(`/api/analyses/${created.body.analysis.id}/report.json`)).body,
    );
    expect(report.file).toMatchObject({ sha256: null, byteSize: 0, format: 'external' });
    expect(report.verification).toMatch(/No file was received/);
    expect((await download(alice, `/api/analyses/${created.body.analysis.id}/report.pdf`)).status).toBe(200);
  });

  it('cuts each line read out of the stored display image, beside it in the PDF', async () => {
    const read = await analysed(
      alice,
      'sign.jpg',
      await gpsJpeg(25.7653, -80.2191, { accuracyM: 5, width: 1600, height: 1200 }),
    );
    const lines = [
      { text: 'SW 8 ST', confidence: 93, box: { x: 0.1, y: 0.1, w: 0.3, h: 0.05 }, words: [] },
      { text: 'SW 27 AVE', confidence: 88, box: { x: 0.5, y: 0.6, w: 0.35, h: 0.06 }, words: [] },
    ];
    const text = {
      locator: 'text',
      kind: 'position',
      summary: 'Read “SW 8 ST” and “SW 27 AVE” on signs.',
      position: { lat: 25.7653, lng: -80.2191 },
      radiusMeters: 60,
      confidence: 0.8,
      details: {
        ocr: { width: 1600, height: 1200, lines },
        matches: [{ kind: 'intersection', label: 'SW 8th St & SW 27th Ave', lines: [0, 1] }],
      } satisfies TextEvidenceDetails,
    };
    // The recogniser is not run here (OCR has tests of its own): its evidence is written as the text locator stores it.
    await server.db.database.db.execute(
      sql`update analyses set evidence = evidence || ${JSON.stringify([text])}::jsonb where id = ${read}`,
    );
    const r = await report(alice, read);
    const textRead = r.evidence.find((e) => e.locator === 'text')!.textRead;
    expect(textRead.map((l) => l.text)).toEqual(['SW 8 ST', 'SW 27 AVE']);
    for (const l of textRead) expect(await jpegOf(l.crop)).toMatchObject({ format: 'jpeg', metadata: false });
    expect(textRead.map((l) => l.crop!.height)).toEqual([64, 64]);
    const pdf = await download(alice, `/api/analyses/${read}/report.pdf`);
    expect(pdf.status).toBe(200);
    // The photo and one crop a line.
    expect(imageObjects(pdf.bytes)).toBe(3);
  }, 60_000);

  it('shows both thumbnails of a match with reference imagery and with the owner’s own gallery', async () => {
    // The founder's reference imagery: one geotagged photo, imported as `npm run gallery:import` does.
    const folder = mkdtempSync(join(tmpdir(), 'vt-report-reference-'));
    try {
      writeFileSync(join(folder, 'pier.jpg'), await geotagged(GALLERY_PHOTOS[2], PLACES[0]!));
      const summary = await importReferenceFolder(folder, {
        repository: new ReferenceRepository(server.db.database.db),
        maxPixels: server.config.uploads.maxPixels,
      });
      expect(summary.imported).toBe(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // Alice's own photo with its GPS: remembered in her gallery.
    const own = await analysed(alice, 'my corner.jpg', await geotagged(GALLERY_PHOTOS[11], PLACES[3]!));
    const copyOf = async (name: string) =>
      transformPhoto(await normalisedPhoto(name), {
        crop: { keep: 0.9, x: 0.4, y: 0.5 },
        resizeTo: 900,
        jpegQuality: 60,
      });

    const byReference = await report(alice, await analysed(alice, 'seen before.jpg', await copyOf(GALLERY_PHOTOS[2])));
    const reference = byReference.evidence.find((e) => e.locator === 'gallery' && e.kind === 'position')!;
    expect(reference.thumbnails!.matchedCaption).toMatch(
      /^Reference photo pier\.jpg from import “vt-report-reference-/,
    );
    expect(reference.imageNote).toBeNull();
    expect(await jpegOf(reference.thumbnails!.photo)).toEqual({ format: 'jpeg', width: 256, metadata: false });
    // The stored reference thumbnail is 160 px a side at most, and stays so.
    expect(await jpegOf(reference.thumbnails!.matched)).toEqual({ format: 'jpeg', width: 160, metadata: false });

    const byOwn = await report(alice, await analysed(alice, 'again there.jpg', await copyOf(GALLERY_PHOTOS[11])));
    const mine = byOwn.evidence.find((e) => e.locator === 'gallery' && e.kind === 'position')!;
    expect(mine.thumbnails!.matchedCaption).toMatch(new RegExp(`^Your photo “my corner\\.jpg” \\(analysis ${own}\\)`));
    expect(await jpegOf(mine.thumbnails!.matched)).toMatchObject({ format: 'jpeg', metadata: false });
    const pdf = await download(alice, `/api/analyses/${byOwn.analysis.id}/report.pdf`);
    // The photo, its thumbnail and the matched photo's.
    expect(imageObjects(pdf.bytes)).toBe(3);
  }, 120_000);

  it('still makes the report when the stored images are gone, and says so', async () => {
    const gone = await analysed(alice, 'gone.jpg', await gpsJpeg(25.7907, -80.13, { accuracyM: 5 }));
    const { rows } = (await server.db.database.db.execute(
      sql`select p.thumbnail_key, p.display_key from analyses a join photos p on p.id = a.photo_id where a.id = ${gone}`,
    )) as unknown as { rows: { thumbnail_key: string; display_key: string }[] };
    const storage = createStorage(server.config.storage);
    await storage.delete(rows[0]!.thumbnail_key);
    await storage.delete(rows[0]!.display_key);
    const r = await report(alice, gone);
    expect(r.photo).toEqual({
      image: null,
      note: 'The stored display image of the photo could not be read (removed from storage, or storage unavailable when this report was made).',
    });
    const pdf = await download(alice, `/api/analyses/${gone}/report.pdf`);
    expect(pdf.status).toBe(200);
    expect(imageObjects(pdf.bytes)).toBe(0);
  });
});
