import type { Evidence, LatLng } from '@vt/shared';
import type { Config } from '../../config';
import { VisionApiError, VisionClient, type VisionResponse } from '../../adapters/vision/vision-client';
import {
  parseVisionAnswer,
  VISION_ANSWER_JSON_SCHEMA,
  VISION_SYSTEM_PROMPT,
  VISION_USER_PROMPT,
  type StructuredVisionAnswer,
} from '../../adapters/vision/vision-answer';
import { lookupMiamiDade, type CountyLookup } from '../geo/county';
import { describeThrown } from '../../lib/analysis-errors';
import {
  extractCoordinates,
  STEP_NUMBER,
  type ExtractionResult,
  type ExtractionStep,
} from '../text/coordinate-extraction';
import type { Locator, LocatorContext } from './locator';

export const VISION_LOCATOR = 'vision-model';

/**
 * How far a vision model's own probability is trusted: its stated probability is multiplied by this.
 * General vision-language models are over-confident geolocators: at street-to-neighbourhood scale (≈1 km)
 * their published hit rates are far below the certainty they state, and they cannot tell a look-alike street
 * from the real one. 0.6 keeps the most confident model answer (0.6) well under a GPS fix (≥ 0.9, see
 * gps-confidence.ts), so it never outweighs the photo's own position, and above the spec's 0.3 fallback prior,
 * so a confident answer still beats "general Miami area". It is a prior, not a measurement: the benchmark
 * (bench/) is to replace it with a calibration fitted per model.
 */
export const MODEL_TRUST = 0.6;

/**
 * How much a free-text answer says, by the extraction step that read it (the order of R-ANALYSIS-9). Numbers the model
 * wrote as an exact "Coordinates:" line are what it meant; the looser the pattern, the likelier a misread.
 * The keyword and landmark fallbacks only say the answer mentioned a word or a place name, so they are weak;
 * the central-Miami default is no evidence at all and yields no position.
 */
export const EXTRACTION_STEP_WEIGHT: Record<ExtractionStep, number> = {
  'exact-coordinates-line': 0.8,
  'labelled-pattern': 0.7,
  'normalised-loose': 0.55,
  'raw-loose': 0.5,
  'nearby-numbers': 0.35,
  'landmark-table': 0.3,
  'keyword-fallback': 0.15,
  'default-central-miami': 0,
};

/** The model is asked for its probability of being within about 1 km; the radius says the same. */
const MODEL_RADIUS_M = 1000;
/** A keyword like "beach" points to a whole town, not a spot. */
const KEYWORD_RADIUS_M = 5000;

export type VisionLocatorDeps = {
  client?: Pick<VisionClient, 'complete' | 'model'>;
  lookupCounty?: (p: LatLng) => CountyLookup;
};

/**
 * An optional vision-language model reached through an OpenAI-compatible API (R-ANALYSIS-7), asked for
 * structured candidates. Enabled when VISION_API_BASE_URL and VISION_MODEL are set.
 */
export function createVisionLocator(deps: VisionLocatorDeps = {}): Locator {
  const lookupCounty = deps.lookupCounty ?? lookupMiamiDade;
  return {
    name: VISION_LOCATOR,
    enabled: (config: Config) => Boolean(config.vision),
    forConfig(config: Config): Locator {
      if (deps.client || !config.vision) return this;
      const { baseUrl, apiKey, model, timeoutMs } = config.vision;
      return createVisionLocator({ ...deps, client: new VisionClient({ baseUrl, apiKey, model, timeoutMs }) });
    },
    async locate(input, ctx) {
      const client = deps.client;
      if (!client) throw new Error('The vision model is not configured.');
      let response: VisionResponse;
      try {
        response = await client.complete({
          system: VISION_SYSTEM_PROMPT,
          prompt: VISION_USER_PROMPT,
          image: { bytes: await input.displayImage(), mimeType: 'image/webp' },
          schema: {
            name: 'photo_geolocation',
            schema: VISION_ANSWER_JSON_SCHEMA as unknown as Record<string, unknown>,
          },
          signal: ctx.signal,
        });
      } catch (error) {
        return [failureEvidence(error, client.model, ctx)];
      }
      ctx.log('vision model answered', {
        model: response.model,
        format: response.format,
        attempts: response.attempts,
        durationMs: response.durationMs,
      });
      return visionEvidence(
        response.content,
        { model: response.model, format: response.format, durationMs: response.durationMs },
        lookupCounty,
      );
    },
  };
}

type CallInfo = { model: string; format: string; durationMs?: number };

const fmt = (p: LatLng) => `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`;
const pct = (x: number) => `${Math.round(x * 100)}%`;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Turns one model answer into evidence (exported for tests and for re-reading stored answers). */
export function visionEvidence(
  content: string,
  call: CallInfo,
  lookupCounty: (p: LatLng) => CountyLookup = lookupMiamiDade,
): Evidence[] {
  const answer = parseVisionAnswer(content);
  const base = {
    model: call.model,
    answerFormat: call.format,
    modelTrust: MODEL_TRUST,
    durationMs: call.durationMs ?? null,
  };
  if (answer.kind === 'structured' && answer.candidates.length > 0)
    return structuredEvidence(answer, base, lookupCounty);
  const text = answer.kind === 'structured' ? answer.text : answer.text;
  const extra =
    answer.kind === 'structured'
      ? {
          features: answer.features,
          reasoning: answer.reasoning,
          neighbourhood: answer.neighbourhood,
          parsedAs: 'structured-without-candidates',
        }
      : { features: [], reasoning: [], parsedAs: answer.reason === 'not-json' ? 'free-text' : 'json-of-another-shape' };
  return textEvidence(text, { ...base, ...extra }, lookupCounty);
}

function structuredEvidence(
  answer: StructuredVisionAnswer,
  base: Record<string, unknown>,
  lookupCounty: (p: LatLng) => CountyLookup,
): Evidence[] {
  return answer.candidates.map((c, i) => {
    const position = { lat: c.lat, lng: c.lng };
    const inside = lookupCounty(position).inside;
    const confidence = round3(c.probability * MODEL_TRUST);
    const label = c.name || 'an unnamed place';
    return {
      locator: VISION_LOCATOR,
      kind: inside ? 'position' : 'outside_coverage',
      position,
      radiusMeters: MODEL_RADIUS_M,
      confidence,
      summary: inside
        ? `The vision model suggests ${label} (${fmt(position)}) with ${pct(c.probability)} probability, weighed as ${pct(confidence)}.`
        : `The vision model suggests ${label} (${fmt(position)}), outside Miami-Dade County, with ${pct(c.probability)} probability.`,
      details: {
        ...base,
        parsedAs: 'structured',
        rank: i + 1,
        name: c.name || null,
        neighbourhood: c.neighbourhood ?? answer.neighbourhood,
        modelProbability: round3(c.probability),
        // The features and reasoning belong to the whole answer; they ride on its first candidate only.
        ...(i === 0
          ? {
              features: answer.features,
              reasoning: answer.reasoning,
              answerText: answer.text.slice(0, 4000),
              droppedCandidates: answer.droppedCandidates,
            }
          : {}),
      },
    } satisfies Evidence;
  });
}

function textEvidence(
  text: string,
  base: Record<string, unknown>,
  lookupCounty: (p: LatLng) => CountyLookup,
): Evidence[] {
  const x: ExtractionResult = extractCoordinates(text);
  const shared = { ...base, answerText: text.slice(0, 4000), locationName: x.locationName };
  const out: Evidence[] = [];

  // Coordinates the model stated outside the box are its answer too: outside coverage, never moved in.
  const stated = !x.fromNumbers ? x.outOfBox[0] : undefined;
  if (stated) {
    const weight = EXTRACTION_STEP_WEIGHT[stated.step];
    out.push({
      locator: VISION_LOCATOR,
      kind: 'outside_coverage',
      position: { lat: stated.lat, lng: stated.lng },
      radiusMeters: MODEL_RADIUS_M,
      confidence: round3(weight * MODEL_TRUST),
      summary: `The vision model's answer places the photo at ${fmt(stated)}, outside Miami-Dade County.`,
      details: {
        ...shared,
        extractionStep: stated.step,
        stepNumber: STEP_NUMBER[stated.step],
        matchedText: stated.matchedText,
        stepWeight: weight,
      },
    });
  }

  if (x.step === 'default-central-miami') {
    if (!out.length) {
      out.push({
        locator: VISION_LOCATOR,
        kind: 'absent',
        reason: 'no_place_in_answer',
        summary: 'The vision model answered, but its answer named no place that could be read.',
        details: { ...shared, extractionStep: x.step },
      });
    }
    return out;
  }

  const position = { lat: x.lat, lng: x.lng };
  const weight = EXTRACTION_STEP_WEIGHT[x.step];
  const confidence = round3(weight * MODEL_TRUST);
  const inside = lookupCounty(position).inside;
  const details = {
    ...shared,
    extractionStep: x.step,
    stepNumber: STEP_NUMBER[x.step],
    matchedText: x.matchedText,
    stepWeight: weight,
    placeId: x.placeId ?? null,
  };
  const summary = x.fromNumbers
    ? inside
      ? `The vision model's answer gives the coordinates ${fmt(position)} ("${x.matchedText}").`
      : `The vision model's answer gives the coordinates ${fmt(position)}, outside Miami-Dade County.`
    : x.step === 'landmark-table'
      ? `The vision model's answer names ${x.locationName ?? x.matchedText}, a known place (weak evidence: a name in free text).`
      : `The vision model's answer only mentions "${x.matchedText}", which points to ${x.locationName ?? 'an area'} in general (weak evidence).`;
  out.push({
    locator: VISION_LOCATOR,
    kind: inside ? 'position' : 'outside_coverage',
    position,
    radiusMeters: x.step === 'keyword-fallback' ? KEYWORD_RADIUS_M : MODEL_RADIUS_M,
    confidence,
    summary,
    details,
  });
  return out.sort((a, b) => (b.confidence ?? 0) - (a.confidence ?? 0));
}

/** A failed call is reported as evidence with the spec's message and retry flag; the other locators still count. */
function failureEvidence(error: unknown, model: string, ctx: LocatorContext): Evidence {
  const described =
    error instanceof VisionApiError
      ? { kind: error.kind, message: error.message, canRetry: error.canRetry }
      : describeThrown(error);
  const detail = error instanceof VisionApiError ? error.detail : String((error as Error)?.message ?? error);
  ctx.log('vision model call failed', { model, kind: described.kind, detail });
  return {
    locator: VISION_LOCATOR,
    kind: 'absent',
    reason: `vision_${described.kind}`,
    summary: `The vision model could not be asked: ${described.message}`,
    details: {
      model,
      error: described,
      ...(error instanceof VisionApiError ? { status: error.status ?? null, attempts: error.attempts } : {}),
    },
  };
}
