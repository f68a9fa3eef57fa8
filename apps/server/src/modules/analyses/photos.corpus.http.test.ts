import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  photoCounts,
  uploadPhotos,
  uploadServerWithAlice,
  uploadTempFiles,
  waitForAnalysis,
} from '../../test/analyses';
import { SHARED_DATA_DIR } from '../../engine/test/shared-geodata';

/*
 * The malformed-file corpus through the whole server: what decoding makes of each file. The database only counts
 * rows here, so scripts/test.mjs runs this file on PGlite alone (the PostgreSQL run would spend ~50 s analysing the
 * same 39 files again); photos.http.test.ts keeps the bad-input cases that write, on both databases.
 */
const MALFORMED = join(SHARED_DATA_DIR, 'images', 'malformed');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });

describe('POST /api/photos with the malformed corpus', () => {
  const ctx = uploadServerWithAlice();

  it('every file in the malformed corpus gets a clear 4xx or is analysed to an end', async () => {
    const files = walk(MALFORMED);
    expect(files.length).toBeGreaterThan(30);
    const outcomes: Record<string, string> = {};
    for (const file of files) {
      const before = await photoCounts(ctx.server);
      const res = await uploadPhotos(ctx.alice, [{ name: file.split('/').pop()!, data: readFileSync(file) }]);
      expect([202, 400, 413, 415], file).toContain(res.status);
      if (res.status === 202) {
        const analysis = await waitForAnalysis(ctx.alice, res.body.analyses[0].analysisId, 30_000);
        expect(['done', 'failed'], file).toContain(analysis.status);
        expect(analysis.analysis_result, file).not.toBeNull();
        outcomes[file] = `${res.status} ${analysis.status}`;
      } else {
        expect(res.body.error.message, file).toMatch(/\w{4,}/);
        expect(await photoCounts(ctx.server), file).toEqual(before);
        outcomes[file] = `${res.status} ${res.body.error.code}`;
      }
    }
    expect(await uploadTempFiles(ctx.server)).toEqual([]);
    // Files that are not images at all are refused, never queued.
    for (const [file, outcome] of Object.entries(outcomes)) {
      if (file.endsWith('README') || /crash-(167e|25db|2860|2a6f|4c16|d6ab|d8db|f002)/.test(file))
        expect(outcome, file).toMatch(/^415/);
      // These carry a TIFF signature but no readable image: the type is supported, the file is broken.
      if (/crash-(101c|15e5|80d7)/.test(file)) expect(outcome, file).toBe('400 unreadable_image');
    }
    expect(outcomes[`${MALFORMED}/ianare-exif-samples/corrupted.jpg`]).toBe('400 unreadable_image');
    expect(outcomes[`${MALFORMED}/exifreader/test-issue-608-truncated-exif-tiff-dos.jpg`]).toMatch(/^400/);
  }, 180_000);
});
