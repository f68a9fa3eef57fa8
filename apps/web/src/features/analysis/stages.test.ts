import { describe, expect, it } from 'vitest';
import type { AnalysisEvent, AnalysisEventType, AnalysisResult } from '@vt/shared';
import { applyEvent, applyEvents, initialRunState, locatorLabel } from './stages';

let nextId = 1;
const ev = (type: AnalysisEventType, data: Record<string, unknown> = {}, id = nextId++): AnalysisEvent => ({
  id,
  analysisId: 'a1',
  type,
  at: '2026-01-01T00:00:00.000Z',
  data,
});

const result: AnalysisResult = {
  outcome: 'found',
  name: 'South Beach, Miami Beach',
  lat: 25.7907,
  lng: -80.13,
  confidence: 0.97,
  radiusMeters: 5,
  source: 'GPS Metadata',
  insideCoverage: true,
  place: { municipality: 'Miami Beach', neighbourhood: 'South Beach', zip: null, nearest: null },
  candidates: [],
  explanation: [],
};

const statuses = (s: ReturnType<typeof initialRunState>) => Object.fromEntries(s.stages.map((x) => [x.key, x.status]));

describe('stage reducer', () => {
  it('starts with every fixed stage pending', () => {
    const s = initialRunState();
    expect(s.stages.map((x) => x.key)).toEqual(['received', 'metadata', 'fused', 'derivatives', 'finished']);
    expect(new Set(s.stages.map((x) => x.status))).toEqual(new Set(['pending']));
  });

  it('walks a GPS photo through every stage in the engine order: locate first, then make the images', () => {
    nextId = 1;
    const s1 = applyEvents([ev('received', { fileName: 'beach.jpg' }), ev('started')]);
    expect(statuses(s1)).toMatchObject({ received: 'done', metadata: 'active', derivatives: 'pending' });
    expect(s1.stages[0]!.detail).toBe('beach.jpg');

    const s2 = applyEvent(s1, ev('metadata_read', { gps: 'ok', camera: 'TestPhone GPS 1' }));
    expect(statuses(s2)).toMatchObject({ metadata: 'done', fused: 'active', derivatives: 'pending' });
    expect(s2.stages[1]!.detail).toBe('GPS position found · TestPhone GPS 1');

    const s3 = applyEvent(s2, ev('locator_started', { locator: 'metadata' }));
    expect(s3.stages.map((x) => x.key)).toEqual([
      'received',
      'metadata',
      'locator:metadata',
      'fused',
      'derivatives',
      'finished',
    ]);
    expect(statuses(s3)).toMatchObject({ 'locator:metadata': 'active', fused: 'pending' });
    expect(s3.stages[2]!.label).toBe('GPS metadata');

    const s4 = applyEvent(
      s3,
      ev('locator_finished', {
        locator: 'metadata',
        durationMs: 1.5,
        evidence: [
          { locator: 'metadata', kind: 'position', summary: "The photo's GPS places it at 25.7907, -80.1300 (±5 m)." },
        ],
      }),
    );
    expect(s4.stages[2]).toMatchObject({
      status: 'done',
      durationMs: 1.5,
      detail: "The photo's GPS places it at 25.7907, -80.1300 (±5 m).",
    });
    expect(statuses(s4).fused).toBe('active');

    // The place is known (and shown) before the stored images exist.
    const s5 = applyEvent(s4, ev('fused', { result }));
    expect(s5.result).toEqual(result);
    expect(statuses(s5)).toMatchObject({ fused: 'done', derivatives: 'active' });

    const s6 = applyEvent(
      s5,
      ev('derivatives_made', { thumbnailUrl: '/api/photos/p/thumbnail', width: 640, height: 480 }),
    );
    expect(statuses(s6).derivatives).toBe('done');
    expect(s6.thumbnailUrl).toBe('/api/photos/p/thumbnail');

    const s7 = applyEvent(s6, ev('done', { result }));
    expect(s7.terminal).toBe('done');
    expect(Object.values(statuses(s7)).every((x) => x === 'done')).toBe(true);
  });

  it('images made early by a pixel-reading locator do not mark the running locators done', () => {
    nextId = 50;
    const s = applyEvents([
      ev('received'),
      ev('started'),
      ev('metadata_read', { gps: 'absent' }),
      ev('locator_started', { locator: 'vision' }),
      ev('derivatives_made', { thumbnailUrl: '/t', width: 10, height: 10 }),
    ]);
    expect(statuses(s)).toMatchObject({ 'locator:vision': 'active', fused: 'pending', derivatives: 'done' });
  });

  it('skips events it has already applied (replay after a reconnect)', () => {
    const a = ev('received', { fileName: 'x.jpg' }, 10);
    const s1 = applyEvent(initialRunState(), a);
    const s2 = applyEvent(s1, { ...a, data: { fileName: 'changed.jpg' } });
    expect(s2).toBe(s1);
    expect(applyEvent(s1, ev('metadata_read', {}, 9))).toBe(s1);
  });

  it('ignores everything after the terminal event', () => {
    nextId = 100;
    const done = applyEvents([ev('received'), ev('done', { result })]);
    expect(applyEvent(done, ev('failed', { error: { code: 'x', message: 'late', canRetry: true } }))).toBe(done);
  });

  it('marks where it failed, skips the rest, and keeps the error and its retry flag', () => {
    nextId = 200;
    const error = { code: 'analysis_error', message: 'Analysis timed out', canRetry: true };
    const s = applyEvents([
      ev('received'),
      ev('started'),
      ev('failed', { error, result: { ...result, outcome: 'error' } }),
    ]);
    expect(s.terminal).toBe('failed');
    expect(s.error).toEqual(error);
    expect(statuses(s)).toEqual({
      received: 'done',
      metadata: 'failed',
      derivatives: 'skipped',
      fused: 'skipped',
      finished: 'failed',
    });
    expect(s.stages.at(-1)).toMatchObject({ label: 'Failed', detail: 'Analysis timed out' });
    expect(s.result?.outcome).toBe('error');
  });

  it('says when the engine will retry, and clears it when the run starts again', () => {
    nextId = 300;
    const waiting = applyEvents([ev('received'), ev('retrying', { delayMs: 2000, message: 'database busy' })]);
    expect(waiting.notice).toBe('Retrying in 2 s after database busy.');
    expect(applyEvent(waiting, ev('started')).notice).toBeNull();
  });

  it('describes absent and rejected GPS, and a locator that found nothing', () => {
    nextId = 400;
    const s = applyEvents([
      ev('metadata_read', { gps: 'absent' }),
      ev('locator_finished', { locator: 'vision-model', evidence: [] }),
    ]);
    expect(s.stages.find((x) => x.key === 'metadata')!.detail).toBe('No GPS in the photo');
    expect(s.stages.find((x) => x.key === 'locator:vision-model')).toMatchObject({
      label: 'Vision model',
      status: 'done',
      detail: 'Nothing found',
    });
    expect(applyEvent(initialRunState(), ev('metadata_read', { gps: 'rejected' })).stages[1]!.detail).toBe(
      'GPS present but rejected',
    );
  });
});

describe('locatorLabel', () => {
  it('names every locator of the engine in words, and shows an unknown one as sent', () => {
    expect(['metadata', 'text', 'gallery', 'sequence', 'vision-model'].map(locatorLabel)).toEqual([
      'GPS metadata',
      'Text in the photo',
      'Known-place gallery',
      'Photos taken before and after',
      'Vision model',
    ]);
    expect(locatorLabel('future-locator')).toBe('future-locator');
  });
});
