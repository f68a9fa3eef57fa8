import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import type { TestBrowser } from '../../test/browser';
import { uploadPhotos, waitForAnalysis } from '../../test/analyses';
import { phonePhoto } from './photos.fixtures';

/** A phone JPEG of the TestPhone camera (serial SN-42, model 'Seq 1' unless given), GPS when given. */
const phoneJpeg = (taken: string, position?: { lat: number; lng: number }, model = 'Seq 1') =>
  phonePhoto(taken, position, { model, serial: 'SN-42' });

describe('the sequence locator through the real app (R-ANALYSIS-12)', () => {
  let server: TestServer;
  let alice: TestBrowser;

  beforeAll(async () => {
    // Two runner slots: the GPS-less photo is analysed alongside its neighbours, as in a real upload of a trip.
    server = await startTestServer({ env: { ANALYSIS_CONCURRENCY: '2' } });
    alice = await server.signIn('alice-seq@example.com', 'Alice');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('places a GPS-less photo between the same camera’s photos taken before and after', async () => {
    // Along Brickell Avenue, going north: 8 min between the two fixes, the stripped photo 2 min after the first.
    const before = { lat: 25.7617, lng: -80.1918 };
    const after = { lat: 25.7697, lng: -80.1918 };
    const res = await uploadPhotos(alice, [
      { name: 'IMG_0412.jpg', data: await phoneJpeg('2024:03:09 10:00:00', before) },
      { name: 'IMG_0413.jpg', data: await phoneJpeg('2024:03:09 10:02:00') },
      { name: 'IMG_0415.jpg', data: await phoneJpeg('2024:03:09 10:08:00', after) },
    ]);
    expect(res.status).toBe(202);
    const ids = (res.body.analyses as { analysisId: string }[]).map((a) => a.analysisId);
    expect(ids).toHaveLength(3);
    const [first, stripped, last] = await Promise.all(ids.map((id) => waitForAnalysis(alice, id, 60_000)));

    const evidence = stripped!.evidence.find((e) => e.locator === 'sequence' && e.kind === 'position');
    expect(evidence?.summary).toBe(
      'Placed between IMG_0412.jpg (2 min before) and IMG_0415.jpg (6 min after), taken with the same camera.',
    );
    expect(evidence?.details).toMatchObject({ neighbourIds: [first!.id, last!.id], timeBasis: 'instant' });
    const result = stripped!.analysis_result!;
    expect(result.outcome).toBe('found');
    expect(result.lat).toBeGreaterThan(before.lat);
    expect(result.lat).toBeLessThan(after.lat);
    // A quarter of the way: 2 of 8 minutes.
    expect(result.lat).toBeCloseTo(before.lat + (after.lat - before.lat) / 4, 4);
    expect(result.source).toContain('Photo Sequence');

    // The photos with their own GPS do not consult their neighbours.
    for (const own of [first!, last!]) {
      const seq = own.evidence.find((e) => e.locator === 'sequence');
      expect(seq?.kind).toBe('absent');
      expect(own.analysis_result?.source).toBe('GPS Metadata');
    }
  }, 90_000);

  it('does not use another camera’s photos', async () => {
    const res = await uploadPhotos(alice, [
      { name: 'other.jpg', data: await phoneJpeg('2024:03:09 12:00:00', { lat: 25.79, lng: -80.13 }, 'Other 2') },
    ]);
    await waitForAnalysis(alice, res.body.analyses[0].analysisId, 60_000);
    const lone = await uploadPhotos(alice, [{ name: 'lone.jpg', data: await phoneJpeg('2024:03:09 12:01:00') }]);
    const analysis = await waitForAnalysis(alice, lone.body.analyses[0].analysisId, 60_000);
    expect(analysis.evidence.find((e) => e.locator === 'sequence')).toMatchObject({ kind: 'absent' });
  }, 90_000);
});
