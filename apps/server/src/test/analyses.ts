import { expect } from 'vitest';
import { AnalysisSchema, type Analysis } from '@vt/shared';
import type { TestBrowser } from './browser';

export type Upload = { name: string; data: Buffer | Uint8Array; type?: string };

/** POST /api/photos as the browser would send it (multipart, same-origin); the JSON body when there is one. */
export async function uploadPhotos(browser: TestBrowser, files: Upload[]) {
  const form = new FormData();
  for (const f of files)
    form.append('photo', new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.name);
  const response = await browser.fetch('/api/photos', {
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
