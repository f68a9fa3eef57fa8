import type { Outcome } from './contracts/analyses';

/**
 * How a saved place stands, for every list and map that shows one (issue 13): located in the county, located
 * outside it, or not located at all (the spec's fallback, failed and error outcomes keep a point in downtown
 * Miami, but nobody found that spot, so it must never look like a hit).
 */
export type Standing = 'located' | 'outside' | 'not_located';

/** The spec's source names of the outcomes that located nothing (R-ANALYSIS-2, R-ANALYSIS-3, R-ANALYSIS-4). */
export const NOT_LOCATED_SOURCES: ReadonlySet<string> = new Set(['Fallback', 'Default Location', 'Error Fallback']);

/** The name the engine gives a place outside the county; the lists recognise it by this beginning. */
export const OUTSIDE_COVERAGE_NAME = 'Outside Miami-Dade coverage';

/** "Outside Miami-Dade coverage (40.7128, -74.0060)". */
export function outsideCoverageName(point: { lat: number; lng: number }): string {
  return `${OUTSIDE_COVERAGE_NAME} (${point.lat.toFixed(4)}, ${point.lng.toFixed(4)})`;
}

export function standingOfOutcome(outcome: Outcome): Standing {
  if (outcome === 'found') return 'located';
  if (outcome === 'outside_coverage') return 'outside';
  return 'not_located';
}

/** A listed place's standing from what every list carries: its source and its name. */
export function standingOf(place: { source: string; name: string; outcome?: Outcome | null }): Standing {
  if (place.outcome) return standingOfOutcome(place.outcome);
  if (NOT_LOCATED_SOURCES.has(place.source)) return 'not_located';
  if (place.name.startsWith(OUTSIDE_COVERAGE_NAME)) return 'outside';
  return 'located';
}

/** OCR confidence (0–100) from which a line that matched nothing is still worth quoting as evidence. */
export const LEGIBLE_LINE_CONFIDENCE = 80;

/**
 * Whether a line of read text is worth showing a person when nothing matched it: read with confidence, and made
 * mostly of letters and digits (a scene-text reader turns foliage and tiles into "ga Lr | A fics E +").
 */
export function isLegibleLine(line: { text: string; confidence: number }): boolean {
  if (line.confidence < LEGIBLE_LINE_CONFIDENCE) return false;
  const tokens = line.text.trim().split(/\s+/).filter(Boolean);
  const words = tokens.filter((t) => /[\p{L}\p{N}]/u.test(t));
  // A token of symbols only ("|", "+", "~") is a stroke or an edge read as text, unless it is a sign's own joiner.
  const strays = tokens.filter((t) => !/[\p{L}\p{N}]/u.test(t) && !/^[&/#@-]$/.test(t));
  const letters = words.join('').replace(/[^\p{L}\p{N}]/gu, '');
  return strays.length === 0 && letters.length >= 3;
}
