/**
 * The sequence locator's pure core (issue 15, R-ANALYSIS-12): a photo without a usable position is placed from the
 * same camera's photos taken close in time that were placed by their own GPS.
 *
 * - Same camera: make and model (compared without case or surrounding spaces), and the body serial number when
 *   both photos carry one.
 * - Time: instants when both photos state a UTC offset (OffsetTimeOriginal); the camera's wall clock when neither
 *   does (one camera's clock is comparable with itself). When only one of the two states an offset, the wall
 *   clocks are compared as if the other had the same offset — consistent only when every photo of the window that
 *   states an offset states the same one (no time-zone change: a trip within one county does not cross one, so a
 *   differing offset means an edited file or a travelling camera, and the mixed pairs are dropped).
 * - Placement: linear interpolation in time between the nearest neighbour before and the nearest after; the
 *   nearest one alone when only one side exists. Neighbours further than MAX_GAP_MS away are not used.
 * - Radius: the neighbours' own radii interpolated, plus how far one can travel in the time to the nearer
 *   neighbour (see SPEED_BOUND_MPS and radiusOf).
 * - Confidence: from the gap to the nearer neighbour, calibrated on the tuning half of bench/trips (CONFIDENCE_BY_GAP).
 */
import { haversineMeters, type LatLng } from '../geo/geometry';

/** A camera as EXIF names it. */
export type CameraId = { make: string | null; model: string | null; serial?: string | null };
/** When a photo was taken: the camera's wall clock ("2024-03-01T10:15:00"), with its UTC offset when stated. */
export type CaptureTime = { local: string; offset?: string | null };
export type SequencePhoto = { takenAt: CaptureTime; camera: CameraId };
/** A photo of the same owner placed by its own GPS. */
export type SequenceNeighbour = SequencePhoto & {
  position: LatLng;
  radiusMeters: number;
  analysisId: string;
  fileName: string;
};
export type PlacedNeighbour = { neighbour: SequenceNeighbour; gapMs: number };
export type SequencePlacement = {
  position: LatLng;
  radiusMeters: number;
  confidence: number;
  before: PlacedNeighbour | null;
  after: PlacedNeighbour | null;
  /** Time to the nearer neighbour used. */
  gapMs: number;
  /** How the times were compared: instants (offsets), one camera's clock, or mixed (one offset assumed). */
  timeBasis: 'instant' | 'camera-clock' | 'mixed';
};

/** Neighbours further away in time than this say too little (a car covers 20+ km in 30 min). */
export const MAX_GAP_MS = 30 * 60_000;

/**
 * The travel-speed bound: 20 m/s (72 km/h, 45 mph) — the posted limit of the county's arterials (US-1, Bird Road,
 * Kendall Drive); expressways are faster but a photo every few minutes from one is rare and a stop-and-go average is
 * well under it. Walking (1.2–1.6 m/s) is far below. Used as is when only one neighbour is known.
 */
export const SPEED_BOUND_MPS = 20;
/**
 * Between two neighbours the trip's own pace is known: the straight-line speed from one to the other. A person who
 * covered that distance in that time moved at least that fast; along a street grid (turns at corners, stops at
 * lights) the real speed is higher, by up to ~1.4 for the Manhattan detour and more for stops. The bound used is
 * PACE_FACTOR × that pace, never below WALK_BOUND_MPS (a brisk walk or a jog, covering a walker standing still
 * between two photos) nor above SPEED_BOUND_MPS. PACE_FACTOR was chosen on bench/trips' tuning half (seeds 1–50):
 * 2 put 93.6 % of the placed photos within their radius, 2.5 put 95.5 % (3: 97 %, radii 15 % wider); 2.5 keeps a
 * margin over the 90 % target for trips unlike the generated ones.
 */
export const PACE_FACTOR = 2.5;
export const WALK_BOUND_MPS = 2;

/**
 * P(within the stated radius) by the gap to the nearer neighbour, both sides known or one side only: the share hit
 * on bench/trips' tuning half (seeds 1–50: both sides 0.95 / 0.954 / 0.937 up to 1 / 5 / 15 min, one side all
 * hit; 30 min seen once), rounded down and capped at 0.95 (a neighbour's GPS
 * can be stale, a camera clock wrong, which the benchmark does not model). [upper gap in minutes, confidence].
 */
export const CONFIDENCE_BY_GAP: Readonly<Record<'both' | 'one', ReadonlyArray<readonly [number, number]>>> = {
  both: [
    [1, 0.95],
    [5, 0.95],
    [15, 0.93],
    [30, 0.9],
  ],
  one: [
    [1, 0.95],
    [5, 0.95],
    [15, 0.93],
    [30, 0.9],
  ],
};

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** Same make and model (and serial when both have one); a photo naming no camera matches none. */
export function sameCamera(a: CameraId, b: CameraId): boolean {
  if (!norm(a.make) && !norm(a.model)) return false;
  if (norm(a.make) !== norm(b.make) || norm(a.model) !== norm(b.model)) return false;
  const sa = norm(a.serial);
  const sb = norm(b.serial);
  return !sa || !sb || sa === sb;
}

const OFFSET_RE = /^([+-])(\d{2}):(\d{2})$/;
/** Milliseconds of the wall clock read as UTC, or NaN. */
function clockMs(local: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(local) ? Date.parse(`${local.slice(0, 19)}Z`) : NaN;
}
function offsetMs(offset: string | null | undefined): number | null {
  const m = offset ? OFFSET_RE.exec(offset) : null;
  if (!m) return null;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
}

/**
 * Signed time from the photo to the neighbour (ms; positive: the neighbour is later), or null when the two
 * cannot be compared. `zoneOffsetMs` is the one offset stated in the window, or null when offsets disagree.
 */
function gapBetween(photo: CaptureTime, other: CaptureTime, zoneOffsetMs: number | null | undefined): number | null {
  const a = clockMs(photo.local);
  const b = clockMs(other.local);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  const oa = offsetMs(photo.offset);
  const ob = offsetMs(other.offset);
  if (oa !== null && ob !== null) return b - ob - (a - oa);
  if (oa === null && ob === null) return b - a;
  // Mixed: the missing offset is taken to be the one every other photo of the window states.
  return zoneOffsetMs === null ? null : b - a;
}

function basisOf(photo: CaptureTime, used: readonly PlacedNeighbour[]): SequencePlacement['timeBasis'] {
  const stated = [photo, ...used.map((u) => u.neighbour.takenAt)].map((t) => offsetMs(t.offset) !== null);
  return stated.every(Boolean) ? 'instant' : stated.some(Boolean) ? 'mixed' : 'camera-clock';
}

/** The travel-speed bound for this placement (m/s): the pace between the two neighbours, or the road bound. */
export function speedBound(before: PlacedNeighbour | null, after: PlacedNeighbour | null): number {
  if (!before || !after) return SPEED_BOUND_MPS;
  const spanS = (after.gapMs - before.gapMs) / 1000;
  if (spanS <= 0) return WALK_BOUND_MPS;
  const pace = haversineMeters(before.neighbour.position, after.neighbour.position) / spanS;
  return Math.min(SPEED_BOUND_MPS, Math.max(WALK_BOUND_MPS, PACE_FACTOR * pace));
}

function confidenceOf(sides: 'both' | 'one', gapMs: number): number {
  const minutes = gapMs / 60_000;
  const table = CONFIDENCE_BY_GAP[sides];
  return (table.find(([upTo]) => minutes <= upTo) ?? table[table.length - 1]!)[1];
}

/**
 * Places a photo from its neighbours in time, or null when no neighbour of the same camera lies within MAX_GAP_MS
 * (or the photo has no readable time or names no camera).
 */
export function placeBySequence(
  photo: SequencePhoto,
  neighbours: readonly SequenceNeighbour[],
  opts: { maxGapMs?: number } = {},
): SequencePlacement | null {
  const maxGapMs = opts.maxGapMs ?? MAX_GAP_MS;
  if (Number.isNaN(clockMs(photo.takenAt.local))) return null;
  const sameCam = neighbours.filter((n) => sameCamera(photo.camera, n.camera));
  // The window's one stated offset (undefined: none stated; null: they disagree).
  const offsets = new Set(
    [photo.takenAt, ...sameCam.map((n) => n.takenAt)].map((t) => offsetMs(t.offset)).filter((o) => o !== null),
  );
  const zone = offsets.size === 0 ? undefined : offsets.size === 1 ? [...offsets][0]! : null;

  let before: PlacedNeighbour | null = null;
  let after: PlacedNeighbour | null = null;
  for (const neighbour of sameCam) {
    const gapMs = gapBetween(photo.takenAt, neighbour.takenAt, zone);
    if (gapMs === null || Math.abs(gapMs) > maxGapMs) continue;
    // A neighbour taken in the same second counts as "before" (gap 0): it places the photo exactly.
    if (gapMs <= 0) {
      if (!before || gapMs > before.gapMs) before = { neighbour, gapMs };
    } else if (!after || gapMs < after.gapMs) after = { neighbour, gapMs };
  }
  if (!before && !after) return null;

  let position: LatLng;
  let ownRadius: number;
  let gapMs: number;
  if (before && after) {
    const span = after.gapMs - before.gapMs;
    const f = span > 0 ? -before.gapMs / span : 0;
    const p0 = before.neighbour.position;
    const p1 = after.neighbour.position;
    position = { lat: p0.lat + f * (p1.lat - p0.lat), lng: p0.lng + f * (p1.lng - p0.lng) };
    ownRadius = before.neighbour.radiusMeters + f * (after.neighbour.radiusMeters - before.neighbour.radiusMeters);
    gapMs = Math.min(-before.gapMs, after.gapMs);
  } else {
    const only = (before ?? after)!;
    position = only.neighbour.position;
    ownRadius = only.neighbour.radiusMeters;
    gapMs = Math.abs(only.gapMs);
  }
  const radiusMeters = Math.round(ownRadius + speedBound(before, after) * (gapMs / 1000));
  const used = [before, after].filter((u): u is PlacedNeighbour => u !== null);
  return {
    position,
    radiusMeters,
    confidence: confidenceOf(before && after ? 'both' : 'one', gapMs),
    before,
    after,
    gapMs,
    timeBasis: basisOf(photo.takenAt, used),
  };
}

/** "2 min", "45 s", "1 h 5 min": a gap in plain words. */
export function describeGap(ms: number): string {
  const s = Math.round(Math.abs(ms) / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`;
}

/** The evidence sentence naming the neighbours. */
export function describePlacement(p: SequencePlacement): string {
  const camera = 'taken with the same camera';
  if (p.before && p.after)
    return `Placed between ${p.before.neighbour.fileName} (${describeGap(p.before.gapMs)} before) and ${p.after.neighbour.fileName} (${describeGap(p.after.gapMs)} after), ${camera}.`;
  const only = (p.before ?? p.after)!;
  return `Placed at ${only.neighbour.fileName} (${describeGap(only.gapMs)} ${only === p.before ? 'before' : 'after'}), ${camera}; no photo on the other side in time.`;
}
