import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { AnalysisRecordEnvelopeSchema, AnalysisSchema, type Analysis } from '@vt/shared';
import { queryRows } from '../db/client';
import type { TestBrowser } from './browser';
import { startTestServer, type TestServer } from './server';

/**
 * The event types of a GPS photo analysed by the default locators, in order: the place is found and streamed before
 * the derivatives are made, and each locator starts and finishes (metadata, then text, gallery and sequence, which
 * skip themselves because the GPS fix is precise).
 */
export const GPS_PHOTO_EVENTS = [
  'received',
  'started',
  'metadata_read',
  ...['metadata', 'text', 'gallery', 'sequence'].flatMap(() => ['locator_started', 'locator_finished']),
  'fused',
  'derivatives_made',
  'done',
];

/**
 * A test server for a describe block whose uploads may be as large as a phone's photos (25 MB), with Alice signed
 * in: started before its tests, closed after them. The fields are filled in by the time the tests run.
 */
export function uploadServerWithAlice(): { server: TestServer; alice: TestBrowser } {
  const ctx = {} as { server: TestServer; alice: TestBrowser };
  beforeAll(async () => {
    ctx.server = await startTestServer({ env: { UPLOAD_MAX_BYTES: String(25 * 1024 * 1024) } });
    ctx.alice = await ctx.server.signIn('alice@example.com', 'Alice');
  });
  afterAll(async () => {
    await ctx.server?.close();
  });
  return ctx;
}

export type Upload = { name: string; data: Buffer | Uint8Array; type?: string };

/** POST /api/photos as the browser would send it (multipart, same-origin); the JSON body when there is one. */
export const uploadPhotos = (browser: TestBrowser, files: Upload[]) => postPhotos(browser, '/api/photos', files);

/** Photos as a browser's multipart form (`photo` fields, same-origin) to `path`; the JSON body when there is one. */
export async function postPhotos(browser: TestBrowser, path: string, files: Upload[]) {
  const form = new FormData();
  for (const f of files)
    form.append('photo', new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.name);
  const response = await browser.fetch(path, {
    method: 'POST',
    body: form,
    headers: { origin: new URL(browser.baseUrl).origin },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Polls GET /api/analyses/:id until the analysis is done or failed. */
export async function waitForAnalysis(browser: TestBrowser, id: string, timeoutMs = 20_000): Promise<Analysis> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await browser.api(`/api/analyses/${id}`);
    expect(status).toBe(200);
    const analysis = AnalysisSchema.parse(body.analysis);
    if (analysis.status === 'done' || analysis.status === 'failed') return analysis;
    if (Date.now() > until) throw new Error(`analysis ${id} still ${analysis.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads one JPEG, which must be accepted (202): the ids of its analysis and photo. */
export async function uploadPhoto(browser: TestBrowser, name: string, data: Buffer | Uint8Array) {
  const res = await uploadPhotos(browser, [{ name, data, type: 'image/jpeg' }]);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return (res.body as { analyses: Array<{ analysisId: string; photoId: string }> }).analyses[0]!;
}

/** Uploads one JPEG and waits (at most `timeoutMs`) until its analysis is done: the ids of its analysis and photo. */
export async function analysePhoto(browser: TestBrowser, name: string, data: Buffer | Uint8Array, timeoutMs = 20_000) {
  const ids = await uploadPhoto(browser, name, data);
  expect((await waitForAnalysis(browser, ids.analysisId, timeoutMs)).status).toBe('done');
  return ids;
}

/** POST /api/analysis/create, which must be accepted (201): the stored record (an analysis with no photo). */
export async function createAnalysisRecord(browser: TestBrowser, body: Record<string, unknown>) {
  const res = await browser.api('/api/analysis/create', { method: 'POST', body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return AnalysisRecordEnvelopeSchema.parse(res.body).analysis;
}

/** How many photos and analyses the test server's database holds (a refused upload must leave both unchanged). */
export async function photoCounts(server: TestServer) {
  const [row] = await queryRows<{ photos: number; analyses: number }>(
    server.db.database.db,
    sql`select (select count(*)::int from photos) as photos, (select count(*)::int from analyses) as analyses`,
  );
  return row!;
}

/** The upload spool's files (a finished or refused upload leaves none). */
export const uploadTempFiles = async (server: TestServer) =>
  readdir(join(server.config.dataDir, 'tmp', 'uploads')).catch(() => []);
