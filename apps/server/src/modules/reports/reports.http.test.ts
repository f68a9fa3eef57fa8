import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ApiErrorSchema, EvidenceReportSchema } from '@vt/shared';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { analysePhoto } from '../../test/analyses';
import { gpsJpeg } from '../analyses/photos.fixtures';

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
    server = await startTestServer();
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
});
