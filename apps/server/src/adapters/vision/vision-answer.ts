import { z } from 'zod';

/**
 * What the vision model is asked to answer, as a JSON schema for `response_format` and as the zod schema
 * that checks what comes back. Every field is required and nullable where the model may not know, because
 * OpenAI's strict mode needs all properties listed; vLLM and llama.cpp accept the same schema.
 */

export const VISION_SYSTEM_PROMPT = [
  'You are a careful photo geolocation analyst for Miami-Dade County, Florida.',
  'Look at the photo and decide where it was taken. Use only what is visible: signs, street names, business names,',
  'architecture, vegetation, skyline, water, road markings, licence plates. Do not invent details.',
  'Give up to 5 candidate places with latitude, longitude (decimal degrees, west longitudes negative) and your',
  'probability for each; probabilities are between 0 and 1 and sum to at most 1.',
  'If the photo was clearly taken outside Miami-Dade County, say so and give the real place: never move a place into Miami-Dade.',
  'If you cannot tell, give low probabilities rather than a confident guess.',
].join(' ');

export const VISION_USER_PROMPT = [
  'Where in Miami-Dade County was this photo taken?',
  'Answer with candidates (most likely first), the neighbourhood, the visual features you used, your reasoning',
  'steps, and a short free-text answer that ends with a line "Coordinates: 25.xxxx, -80.xxxx" for the most likely place.',
].join(' ');

const nullableString = { type: ['string', 'null'] } as const;

export const VISION_ANSWER_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['candidates', 'neighbourhood', 'visual_features', 'reasoning_steps', 'answer'],
  properties: {
    candidates: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['lat', 'lng', 'probability', 'name', 'neighbourhood'],
        properties: {
          lat: { type: 'number', description: 'Latitude in decimal degrees' },
          lng: { type: 'number', description: 'Longitude in decimal degrees, negative west of Greenwich' },
          probability: {
            type: 'number',
            description: 'Your probability that the photo was taken within about 1 km, 0 to 1',
          },
          name: { type: 'string', description: 'Name of the place' },
          neighbourhood: nullableString,
        },
      },
    },
    neighbourhood: nullableString,
    visual_features: { type: 'array', items: { type: 'string' } },
    reasoning_steps: { type: 'array', items: { type: 'string' } },
    answer: { type: 'string', description: 'Free-text answer ending with "Coordinates: lat, lng"' },
  },
} as const;

const finite = z.coerce.number().refine(Number.isFinite, 'must be a finite number');

/** One candidate as checked; out-of-range numbers fail it alone, not the whole answer. */
export const VisionCandidateSchema = z.object({
  lat: finite.pipe(z.number().min(-90).max(90)),
  lng: finite.pipe(z.number().min(-180).max(180)),
  probability: finite.pipe(z.number().min(0).max(100)),
  name: z.string().trim().max(200).catch(''),
  neighbourhood: z.string().trim().max(200).nullish().catch(null),
});
export type VisionCandidate = {
  lat: number;
  lng: number;
  probability: number;
  name: string;
  neighbourhood: string | null;
};

const strings = z
  .array(z.unknown())
  .catch([])
  .transform((xs) =>
    xs
      .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
      .map((x) => x.trim().slice(0, 500))
      .slice(0, 20),
  );

const AnswerShape = z.object({
  candidates: z.array(z.unknown()),
  neighbourhood: z.string().trim().max(200).nullish().catch(null),
  visual_features: strings.optional(),
  reasoning_steps: strings.optional(),
  answer: z.string().max(20_000).nullish().catch(null),
});

export type StructuredVisionAnswer = {
  kind: 'structured';
  candidates: VisionCandidate[];
  /** Candidates the model gave that could not be used (bad numbers), for the record. */
  droppedCandidates: number;
  neighbourhood: string | null;
  features: string[];
  reasoning: string[];
  text: string;
};

export type ParsedVisionAnswer =
  StructuredVisionAnswer | { kind: 'text'; text: string; reason: 'not-json' | 'wrong-shape' };

/** The first JSON object in the text: the whole text, a ```json fence, or the outermost braces. */
function jsonCandidates(content: string): string[] {
  const out = [content.trim()];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  if (fence?.[1]) out.push(fence[1].trim());
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  if (first >= 0 && last > first) out.push(content.slice(first, last + 1));
  return out;
}

/**
 * Reads a model answer: structured when it is (or contains) a JSON object of the asked shape, otherwise the
 * text goes to the spec's coordinate extraction. Probabilities given as percentages (85) are read as 0.85,
 * and a set summing above 1 is scaled down so the candidates stay a distribution.
 */
export function parseVisionAnswer(content: string): ParsedVisionAnswer {
  let json: unknown;
  let sawJson = false;
  for (const candidate of jsonCandidates(content)) {
    try {
      json = JSON.parse(candidate);
      sawJson = true;
      break;
    } catch {
      // try the next reading
    }
  }
  if (!sawJson || typeof json !== 'object' || json === null || Array.isArray(json))
    return { kind: 'text', text: content, reason: 'not-json' };
  const shape = AnswerShape.safeParse(json);
  if (!shape.success) return { kind: 'text', text: content, reason: 'wrong-shape' };

  const candidates: VisionCandidate[] = [];
  let dropped = 0;
  for (const raw of shape.data.candidates.slice(0, 10)) {
    const c = VisionCandidateSchema.safeParse(raw);
    if (!c.success) {
      dropped++;
      continue;
    }
    const p = c.data.probability > 1 ? c.data.probability / 100 : c.data.probability;
    candidates.push({
      lat: c.data.lat,
      lng: c.data.lng,
      probability: p,
      name: c.data.name,
      neighbourhood: c.data.neighbourhood ?? null,
    });
  }
  const total = candidates.reduce((s, c) => s + c.probability, 0);
  if (total > 1) for (const c of candidates) c.probability = c.probability / total;
  candidates.sort((a, b) => b.probability - a.probability);

  return {
    kind: 'structured',
    candidates: candidates.slice(0, 5),
    droppedCandidates: dropped + Math.max(0, candidates.length - 5),
    neighbourhood: shape.data.neighbourhood ?? null,
    features: shape.data.visual_features ?? [],
    reasoning: shape.data.reasoning_steps ?? [],
    text: shape.data.answer ?? '',
  };
}
