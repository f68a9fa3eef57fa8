import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Evidence } from '@vt/shared';
import { loadConfig } from '../../config';
import { VisionClient } from '../../adapters/vision/vision-client';
import { startFakeVisionServer, structuredAnswer, type FakeVisionServer } from '../../test/fake-vision-server';
import { fuse } from '../pipeline/fuse';
import { describePlace, placeName } from '../pipeline/place';
import type { LocatorContext, LocatorInput } from './locator';
import { enabledLocators } from './registry';
import { createVisionLocator, EXTRACTION_STEP_WEIGHT, MODEL_TRUST, visionEvidence } from './vision.locator';

const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/vt-vision-locator-test' };

describe('vision-model locator', () => {
  let fake: FakeVisionServer;
  let image: Buffer;
  const logs: Array<{ message: string; details?: Record<string, unknown> }> = [];
  const ctx = (signal = AbortSignal.timeout(10_000)): LocatorContext => ({
    signal,
    log: (message, details) => logs.push({ message, details }),
  });
  const input = (): LocatorInput => ({
    fileName: 'street.jpg',
    format: 'jpeg',
    metadata: { takenAt: null, make: null, model: null, orientation: null, gps: { status: 'absent' }, readError: null },
    displayImage: async () => image,
  });
  const locator = (apiKey = 'sk-locator') =>
    createVisionLocator({
      client: new VisionClient({
        baseUrl: fake.baseUrl,
        apiKey,
        model: 'fake-vision-1',
        backoffBaseMs: 5,
        timeoutMs: 2000,
      }),
    });

  beforeAll(async () => {
    fake = await startFakeVisionServer({ apiKey: 'sk-locator' });
    image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#226688' } })
      .webp()
      .toBuffer();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    logs.length = 0;
  });

  it('is enabled only when a vision model is configured, and the registry then configures it', () => {
    const off = loadConfig(env);
    const on = loadConfig({
      ...env,
      VISION_API_BASE_URL: fake.baseUrl,
      VISION_MODEL: 'fake-vision-1',
      VISION_TIMEOUT_MS: '5000',
    });
    expect(createVisionLocator().enabled(off)).toBe(false);
    expect(createVisionLocator().enabled(on)).toBe(true);
    expect(on.vision?.timeoutMs).toBe(5000);
    expect(enabledLocators(off).map((l) => l.name)).not.toContain('vision-model');
    expect(enabledLocators(on).map((l) => l.name)).toContain('vision-model');
  });

  it('an unconfigured instance refuses to run rather than guessing', async () => {
    await expect(createVisionLocator().locate(input(), ctx())).rejects.toThrow(/not configured/);
  });

  it('configured through the registry, it sends the display image to the model', async () => {
    const config = loadConfig({
      ...env,
      VISION_API_BASE_URL: fake.baseUrl,
      VISION_MODEL: 'fake-vision-1',
      VISION_API_KEY: 'sk-locator',
    });
    const configured = enabledLocators(config).find((l) => l.name === 'vision-model')!;
    fake.script({ kind: 'json', answer: structuredAnswer({ lat: 25.7797, lng: -80.1896, name: 'Freedom Tower' }) });
    const evidence = await configured.locate(input(), ctx());
    expect(evidence[0]!.kind).toBe('position');
    const parts = fake.requests[0]!.body.messages![1]!.content as Array<{ image_url?: { url: string } }>;
    expect(parts[1]!.image_url!.url).toBe(`data:image/webp;base64,${image.toString('base64')}`);
  });

  it('a structured answer → one evidence per candidate, probabilities scaled by the model trust', async () => {
    fake.script({
      kind: 'json',
      answer: structuredAnswer(
        { lat: 25.7907, lng: -80.1395, name: 'Lincoln Road Mall', neighbourhood: 'South Beach', probability: 0.7 },
        {
          features: ['pedestrian mall', 'art deco'],
          reasoning: ['Wide pedestrian street.', 'Art deco storefronts.'],
          more: [{ lat: 25.7663, lng: -80.1917, name: 'Brickell', probability: 0.2 }],
        },
      ),
    });
    const evidence = await locator().locate(input(), ctx());
    expect(evidence).toHaveLength(2);
    const [first, second] = evidence as [Evidence, Evidence];
    expect(first).toMatchObject({
      locator: 'vision-model',
      kind: 'position',
      position: { lat: 25.7907, lng: -80.1395 },
      radiusMeters: 1000,
    });
    expect(first.confidence).toBeCloseTo(0.7 * MODEL_TRUST, 3);
    expect(second.confidence).toBeCloseTo(0.2 * MODEL_TRUST, 3);
    expect(first.details).toMatchObject({
      model: 'fake-vision-1',
      answerFormat: 'json_schema',
      parsedAs: 'structured',
      name: 'Lincoln Road Mall',
      neighbourhood: 'South Beach',
      features: ['pedestrian mall', 'art deco'],
      reasoning: ['Wide pedestrian street.', 'Art deco storefronts.'],
      modelProbability: 0.7,
    });
    expect(first.summary).toContain('Lincoln Road Mall');
    // Logged without the image.
    expect(JSON.stringify(logs)).not.toContain(image.toString('base64').slice(0, 40));
  });

  it('a candidate outside Miami-Dade stays where the model put it, as outside coverage', async () => {
    fake.script({
      kind: 'json',
      answer: structuredAnswer({ lat: 40.758, lng: -73.9855, name: 'Times Square', probability: 0.9 }),
    });
    const [e] = await locator().locate(input(), ctx());
    expect(e).toMatchObject({ kind: 'outside_coverage', position: { lat: 40.758, lng: -73.9855 } });
    const result = fuse([e!], { describePlace, placeName });
    expect(result).toMatchObject({
      outcome: 'outside_coverage',
      lat: 40.758,
      lng: -73.9855,
      insideCoverage: false,
      source: 'Vision Model',
    });
  });

  it('free text with an exact Coordinates line → the strongest text evidence', async () => {
    fake.script({ kind: 'text', content: 'This is Brickell Avenue near the river.\nCoordinates: 25.7663, -80.1917' });
    const [e] = await locator().locate(input(), ctx());
    expect(e).toMatchObject({ kind: 'position', position: { lat: 25.7663, lng: -80.1917 } });
    expect(e!.details).toMatchObject({
      extractionStep: 'exact-coordinates-line',
      stepNumber: 1,
      parsedAs: 'free-text',
    });
    expect(e!.confidence).toBeCloseTo(EXTRACTION_STEP_WEIGHT['exact-coordinates-line'] * MODEL_TRUST, 3);
  });

  it('free text naming only a landmark → weak evidence at the landmark', async () => {
    fake.script({ kind: 'text', content: 'The tall tower with the cupola is clearly the Freedom Tower.' });
    const [e] = await locator().locate(input(), ctx());
    expect(e!.details).toMatchObject({ extractionStep: 'landmark-table', placeId: 'freedom-tower' });
    expect(e!.position!.lat).toBeCloseTo(25.7797, 3);
    expect(e!.confidence!).toBeLessThan(EXTRACTION_STEP_WEIGHT['exact-coordinates-line'] * MODEL_TRUST);
  });

  it('only a keyword → weaker still, with a town-sized radius; fusion prefers a coordinate line over it', () => {
    const keyword = visionEvidence('Sand, an umbrella and the ocean.', { model: 'm', format: 'text' });
    expect(keyword[0]!.details).toMatchObject({ extractionStep: 'keyword-fallback' });
    expect(keyword[0]!.radiusMeters).toBe(5000);
    const exact = visionEvidence('Coordinates: 25.7663, -80.1917', { model: 'm', format: 'text' });
    expect(keyword[0]!.confidence!).toBeLessThan(exact[0]!.confidence!);
    const result = fuse([...keyword, ...exact], { describePlace, placeName });
    expect(result.lat).toBeCloseTo(25.7663, 4);
  });

  it('an answer with no place in it → no position at all (the central-Miami default is not evidence)', async () => {
    fake.script({ kind: 'text', content: 'I am not able to determine where this photo was taken.' });
    const evidence = await locator().locate(input(), ctx());
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ kind: 'absent', reason: 'no_place_in_answer' });
    expect(evidence[0]!.position).toBeUndefined();
  });

  it('malformed JSON → read as text in the spec order', async () => {
    fake.script({
      kind: 'text',
      content: '{"candidates": [{"lat": 25.7617, "lng": -80.1918, "probability": 0.5, "name": "Downtown"',
    });
    const [e] = await locator().locate(input(), ctx());
    expect(e!.kind).toBe('position');
    expect(e!.details).toMatchObject({ parsedAs: 'free-text' });
    expect(e!.position).toEqual({ lat: 25.7617, lng: -80.1918 });
  });

  it('coordinates stated outside the box in free text → outside coverage, not moved into Miami', () => {
    const evidence = visionEvidence('Coordinates: 40.7580, -73.9855', { model: 'm', format: 'text' });
    expect(evidence[0]).toMatchObject({ kind: 'outside_coverage', position: { lat: 40.758, lng: -73.9855 } });
    expect(evidence.some((e) => e.kind === 'position')).toBe(false);
  });

  it('percent probabilities are read as fractions and an over-full set is normalised', () => {
    const answer = structuredAnswer(
      { lat: 25.77, lng: -80.19, name: 'A', probability: 90 },
      { more: [{ lat: 25.76, lng: -80.2, name: 'B', probability: 60 }] },
    );
    const evidence = visionEvidence(JSON.stringify(answer), { model: 'm', format: 'json_schema' });
    expect(evidence[0]!.details!.modelProbability).toBeCloseTo(0.6, 3);
    expect(evidence[1]!.details!.modelProbability).toBeCloseTo(0.4, 3);
  });

  it('a failed call (401) → absent evidence with the spec message and no retry', async () => {
    const [e] = await locator('sk-wrong').locate(input(), ctx());
    expect(e).toMatchObject({ kind: 'absent', reason: 'vision_auth' });
    expect(e!.details!.error).toEqual({
      kind: 'auth',
      message: 'Authentication failed. Please refresh the page.',
      canRetry: false,
    });
    expect(JSON.stringify(logs)).not.toContain('sk-wrong');
  });

  it('a 500 that persists → absent evidence with the spec server-error message, retry allowed', async () => {
    fake.setDefault({ kind: 'status', status: 500 });
    const [e] = await locator().locate(input(), ctx());
    expect(e!.details!.error).toEqual({
      kind: 'server',
      message: 'Server error. Our team has been notified.',
      canRetry: true,
    });
    expect(fake.requests).toHaveLength(3);
  });
});
