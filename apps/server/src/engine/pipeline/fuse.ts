import {
  DOWNTOWN_MIAMI,
  OUTCOME_CONFIDENCE,
  OUTSIDE_COVERAGE_NAME,
  outsideCoverageName,
  type AnalysisResult,
  type Candidate,
  type Evidence,
  type LatLng,
  type Place,
} from '@vt/shared';
import { haversineMeters } from '../geo/geometry';

/** Where a whole-county guess is placed and how wide it is (the county spans about 60 km). */
const COUNTY_RADIUS_M = 30_000;
const MAX_CANDIDATES = 5;
/**
 * Evidence this vague (a radius of a city or more) and weaker than the spec's fallback prior does not make a
 * "found": the result is the general Miami area, with the weak candidates still listed.
 */
const VAGUE_RADIUS_M = 5_000;
/** A much broader finding that agrees with a precise one supports it only half as much as an equal one would. */
const BROAD_FACTOR = 3;
const BROAD_WEIGHT = 0.5;
const MAX_CONFIDENCE = 0.99;

/** The spec's source label of each locator's evidence. */
export const SOURCE_LABEL: Record<string, string> = {
  metadata: 'GPS Metadata',
  'vision-model': 'Vision Model',
  text: 'Text in Photo',
  gallery: 'Photo Gallery',
  sequence: 'Photo Sequence',
};
const sourceOf = (locator: string) => SOURCE_LABEL[locator] ?? locator;

export type FuseDeps = { describePlace(p: LatLng): Place; placeName(place: Place | null, p: LatLng): string };

type Positional = Evidence & { position: LatLng; radiusMeters: number; confidence: number };

type Cluster = {
  /** The most specific finding: its point and radius are the cluster's. */
  anchor: Positional;
  members: Positional[];
  /** Probability, from all locators that agree, that the photo lies within the anchor's radius. */
  support: number;
};

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** Two findings agree when each lies within the other's radius, i.e. within the larger of the two. */
const agree = (a: Positional, b: Positional) =>
  haversineMeters(a.position, b.position) <= Math.max(a.radiusMeters, b.radiusMeters);

/**
 * Support for a cluster: the anchor's own confidence, raised by every other locator that agrees, as if each
 * were an independent witness (1 − Π(1 − c)). Findings of one locator are not independent of each other (the
 * locator already combined them), so each locator counts once, with its strongest finding. A much broader
 * finding (a neighbourhood agreeing with a street corner) supports half as much: it rules out less.
 */
function supportOf(anchor: Positional, members: readonly Positional[]): number {
  const best = new Map<string, Positional>();
  for (const m of members)
    if (m.locator !== anchor.locator && (best.get(m.locator)?.confidence ?? -1) < m.confidence) best.set(m.locator, m);
  let miss = 1 - anchor.confidence;
  for (const m of best.values()) {
    const weight = m.radiusMeters > BROAD_FACTOR * anchor.radiusMeters ? BROAD_WEIGHT : 1;
    miss *= 1 - weight * m.confidence;
  }
  return Math.min(MAX_CONFIDENCE, 1 - miss);
}

/**
 * Fusion: evidence of all locators becomes ranked candidates, a point, an uncertainty radius and an explanation.
 *
 * Every positional finding says "the photo lies within r metres of p, with probability c". Findings that agree
 * are clustered around the most specific one (smallest radius), which gives the cluster's point and radius;
 * agreeing locators raise its probability (supportOf). Clusters that disagree compete: when their supports add
 * up to more than 1 they are scaled to sum to 1. So the stated confidence keeps one meaning everywhere: the
 * probability that the photo was taken within `radiusMeters` of the point — which bench/ measures.
 *
 * With nothing positional, or only vague findings weaker than the prior, the result is the spec's fallback (b):
 * central Miami at 0.3. A best finding outside the county is reported as outside coverage, at its real place.
 */
export function fuse(evidence: Evidence[], deps: FuseDeps): AnalysisResult {
  const positional = evidence.filter(
    (e): e is Positional =>
      (e.kind === 'position' || e.kind === 'outside_coverage') &&
      Boolean(e.position) &&
      e.confidence !== undefined &&
      e.confidence > 0,
  );
  const explanation = evidence.map((e) => e.summary);

  // Most specific first, so each cluster is anchored on its most precise finding.
  const ordered = positional
    .map((e) => ({ ...e, radiusMeters: e.radiusMeters ?? COUNTY_RADIUS_M }))
    .sort((a, b) => a.radiusMeters - b.radiusMeters || b.confidence - a.confidence);
  const clusters: Cluster[] = [];
  for (const e of ordered) {
    const home = clusters.find((c) => c.anchor.kind === e.kind && agree(c.anchor, e));
    if (home) home.members.push(e);
    else clusters.push({ anchor: e, members: [e], support: 0 });
  }
  for (const c of clusters) c.support = supportOf(c.anchor, c.members);
  const total = clusters.reduce((s, c) => s + c.support, 0);
  const scale = total > 1 ? 1 / total : 1;
  clusters.sort((a, b) => b.support - a.support);

  const best = clusters[0];
  if (!best) {
    return {
      ...fallbackResult('Miami'),
      explanation: [
        ...explanation,
        'No locator found the place, so the result is the general Miami area at the prior confidence.',
      ],
    };
  }

  const candidates: Candidate[] = clusters.slice(0, MAX_CANDIDATES).map((c) => {
    const inside = c.anchor.kind === 'position';
    const place = inside ? deps.describePlace(c.anchor.position) : null;
    return {
      lat: c.anchor.position.lat,
      lng: c.anchor.position.lng,
      probability: round3(c.support * scale),
      radiusMeters: c.anchor.radiusMeters,
      source: sourcesOf(c),
      label: inside ? deps.placeName(place, c.anchor.position) : OUTSIDE_COVERAGE_NAME,
    };
  });
  const confidence = candidates[0]!.probability;
  const fusion = describeFusion(best, clusters, scale);

  if (
    best.anchor.radiusMeters >= VAGUE_RADIUS_M &&
    confidence < OUTCOME_CONFIDENCE.fallback &&
    best.anchor.kind === 'position'
  ) {
    return {
      ...fallbackResult('Miami'),
      candidates,
      explanation: [
        ...explanation,
        `The best evidence (${candidates[0]!.label}, ${Math.round(best.anchor.radiusMeters / 1000)} km wide, ${Math.round(confidence * 100)}%) is weaker than the prior, so the result is the general Miami area; it is kept as a candidate.`,
      ],
    };
  }

  const inside = best.anchor.kind === 'position';
  const place = inside ? deps.describePlace(best.anchor.position) : null;
  return {
    outcome: inside ? 'found' : 'outside_coverage',
    name: inside ? deps.placeName(place, best.anchor.position) : outsideCoverageName(best.anchor.position),
    lat: best.anchor.position.lat,
    lng: best.anchor.position.lng,
    confidence,
    radiusMeters: best.anchor.radiusMeters,
    source: sourcesOf(best),
    insideCoverage: inside,
    place,
    candidates,
    explanation: inside
      ? [...explanation, ...fusion]
      : [
          ...explanation,
          ...fusion,
          'Vision Terminal covers Miami-Dade County; this photo was taken elsewhere and is shown where it was taken.',
        ],
  };
}

/** The spec's source name of the anchor, plus the other locators that agree ("GPS Metadata + Text in Photo"). */
function sourcesOf(c: Cluster): string {
  const names = [c.anchor.locator, ...c.members.map((m) => m.locator)].filter((l, i, all) => all.indexOf(l) === i);
  return names.map(sourceOf).join(' + ');
}

function describeFusion(best: Cluster, clusters: readonly Cluster[], scale: number): string[] {
  const out: string[] = [];
  const others = [...new Set(best.members.map((m) => m.locator).filter((l) => l !== best.anchor.locator))];
  if (others.length)
    out.push(
      `${others.map(sourceOf).join(' and ')} agree${others.length === 1 ? 's' : ''} with ${sourceOf(best.anchor.locator)}, which raises the confidence to ${Math.round(best.support * 100)}%.`,
    );
  const rivals = clusters.slice(1).filter((c) => c.support >= 0.1);
  if (rivals.length)
    out.push(
      `Other evidence points elsewhere (${rivals.map((c) => `${sourceOf(c.anchor.locator)}, ${Math.round(c.support * scale * 100)}%`).join('; ')}); the candidates share the probability.`,
    );
  return out;
}

const base = (
  name: string,
  confidence: number,
  source: string,
  outcome: AnalysisResult['outcome'],
): AnalysisResult => ({
  outcome,
  name,
  lat: DOWNTOWN_MIAMI.lat,
  lng: DOWNTOWN_MIAMI.lng,
  confidence,
  radiusMeters: COUNTY_RADIUS_M,
  source,
  insideCoverage: true,
  place: null,
  candidates: [],
  explanation: [],
});

/** R-ANALYSIS-2: nothing located; central Miami, `(General Miami Area)`, source Fallback, prior 0.3. */
export function fallbackResult(name: string): AnalysisResult {
  return base(`${name} (General Miami Area)`, OUTCOME_CONFIDENCE.fallback, 'Fallback', 'fallback');
}

/** R-ANALYSIS-3: the analysis could not run on this photo (e.g. its pixels cannot be decoded). */
export function failedResult(fileName: string, reason: string): AnalysisResult {
  return {
    ...base(`Analysis Failed: ${fileName} (Default Miami)`, OUTCOME_CONFIDENCE.failed, 'Default Location', 'failed'),
    explanation: [reason],
  };
}

/** R-ANALYSIS-4: an unexpected error after the retries ran out. */
export function errorResult(fileName: string, message: string): AnalysisResult {
  return {
    ...base(`Error: ${fileName} (Default Miami)`, OUTCOME_CONFIDENCE.error, 'Error Fallback', 'error'),
    explanation: [message],
  };
}
