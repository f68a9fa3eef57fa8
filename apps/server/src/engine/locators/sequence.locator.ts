import type { Evidence, LatLng, PhotoMetadata } from '@vt/shared';
import { lookupMiamiDade, type CountyLookup } from '../geo/county';
import { gpsReadingOf } from '../pipeline/read-metadata';
import type { GpsNeighbour, NeighboursInTime } from '../pipeline/ports';
import type { GpsReadResult } from '../metadata/gps';
import { DEFAULT_GPS_ACCURACY_M } from './gps-confidence';
import type { Locator, LocatorInput, LocatorServices } from './locator';
import {
  MAX_GAP_MS,
  describeGap,
  describePlacement,
  placeBySequence,
  type SequenceNeighbour,
  type SequencePhoto,
  type SequencePlacement,
} from './sequence';

/** A photo's own fix at least this good leaves nothing for its neighbours to add (whole degrees do not count). */
const OWN_GPS_USABLE_M = 1000;
/**
 * Photos of one upload are analysed side by side, so a neighbour may not have read its metadata yet when this photo
 * asks. The locator waits for the owner's pending analyses while they make progress, at most PENDING_WAIT_MS, and
 * gives up as soon as none has moved for STALL_MS (a runner with one slot, busy with this photo, never will).
 * Progress is a pending photo reading its metadata or any of the owner's photos finishing a step: with two slots the
 * photo after this one waits in the queue behind the photo before it, which may still be making its stored images on
 * a loaded machine (a loaded CI run once placed a photo from one side only when that took over a second). Kept short:
 * every wait holds a runner slot, and in a burst of GPS-less photos both slots can be waiting on each other until the
 * stall gives up. The neighbour after a photo is usually claimed by the other slot and has read its metadata before
 * this photo's slower locators finish.
 */
const PENDING_WAIT_MS = 5000;
const STALL_MS = 1000;
const POLL_MS = 200;
/** Pending analyses created this long before now may belong to the same upload. */
const PENDING_SINCE_MS = 15 * 60_000;
/** Wall-clock window of the database query: the gap limit plus a day, so that any two UTC offsets fit. */
const QUERY_SLACK_MS = MAX_GAP_MS + 26 * 3_600_000;

export type SequenceLocatorDeps = {
  neighbours?: NeighboursInTime;
  lookupCounty?(p: LatLng): CountyLookup;
  now?(): number;
  sleep?(ms: number): Promise<void>;
  pendingWaitMs?: number;
};

const absent = (summary: string, details?: Record<string, unknown>): Evidence[] => [
  { locator: 'sequence', kind: 'absent', summary, ...(details ? { details } : {}) },
];

const shiftLocal = (local: string, ms: number) => new Date(Date.parse(`${local}Z`) + ms).toISOString().slice(0, 19);

/** The photo's own GPS, when usable: the sequence locator then has nothing to add. */
export function ownGpsRadius(evidence: readonly Evidence[]): number | null {
  const own = evidence.find(
    (e) => e.locator === 'metadata' && (e.kind === 'position' || e.kind === 'outside_coverage') && e.position,
  );
  return own && (own.radiusMeters ?? 0) <= OWN_GPS_USABLE_M ? Math.round(own.radiusMeters ?? 0) : null;
}

/** The photo as the pure core reads it, or why it cannot be placed from its neighbours. */
export function sequencePhotoOf(input: Pick<LocatorInput, 'metadata'>): SequencePhoto | string {
  const reading = gpsReadingOf(input.metadata) as (GpsReadResult & { takenAt?: unknown; bodySerial?: string }) | null;
  const takenAt = reading && reading.status !== 'unreadable' ? reading.takenAt : undefined;
  if (!takenAt?.local) return 'Not placed from other photos: the photo does not say when it was taken.';
  if (!input.metadata.make && !input.metadata.model)
    return 'Not placed from other photos: the photo does not name its camera.';
  return {
    takenAt: { local: takenAt.local, offset: takenAt.offset ?? null },
    camera: { make: input.metadata.make, model: input.metadata.model, serial: reading?.bodySerial ?? null },
  };
}

/** Whether the photo's own GPS places it (R-ANALYSIS-12): then its neighbours never move it. */
export function hasUsableOwnGps(metadata: PhotoMetadata): boolean {
  return ownGpsRadius(metadataEvidenceOf({ metadata })) !== null;
}

/** A neighbour as the database gives it, as the pure core reads it. */
export function toSequenceNeighbour(n: GpsNeighbour): SequenceNeighbour {
  return {
    takenAt: n.takenAt,
    camera: n.camera,
    position: n.position,
    radiusMeters: n.accuracyMeters ?? DEFAULT_GPS_ACCURACY_M,
    analysisId: n.analysisId,
    fileName: n.fileName,
  };
}

/** The sequence locator's evidence for a placement: the neighbours named in its sentence and in its details. */
export function sequenceEvidence(
  placed: SequencePlacement,
  photo: SequencePhoto,
  lookupCounty: (p: LatLng) => CountyLookup = lookupMiamiDade,
): Evidence {
  const side = (u: typeof placed.before) =>
    u && {
      analysisId: u.neighbour.analysisId,
      fileName: u.neighbour.fileName,
      gapSeconds: Math.round(u.gapMs / 1000),
      position: u.neighbour.position,
      radiusMeters: u.neighbour.radiusMeters,
    };
  const inside = lookupCounty(placed.position).inside;
  return {
    locator: 'sequence',
    kind: inside ? 'position' : 'outside_coverage',
    position: placed.position,
    radiusMeters: placed.radiusMeters,
    confidence: placed.confidence,
    summary: describePlacement(placed) + (inside ? '' : ' That is outside Miami-Dade County.'),
    details: {
      before: side(placed.before),
      after: side(placed.after),
      neighbourIds: [placed.before, placed.after].flatMap((u) => (u ? [u.neighbour.analysisId] : [])),
      gapSeconds: Math.round(placed.gapMs / 1000),
      timeBasis: placed.timeBasis,
      camera: [photo.camera.make, photo.camera.model].filter(Boolean).join(' '),
    },
  };
}

/** The neighbour ids a stored sequence evidence names (empty when it placed nothing). */
export function neighbourIdsOf(evidence: readonly Evidence[] | null | undefined): string[] {
  const placed = evidence?.find((e) => e.locator === 'sequence' && e.position);
  const ids = (placed?.details as { neighbourIds?: unknown } | undefined)?.neighbourIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Photos taken close in time (R-ANALYSIS-12): a photo without a usable position of its own is placed between the
 * same camera's photos that were placed by their GPS (engine/locators/sequence.ts). Skipped when the photo's own
 * GPS places it; never outranks it.
 */
export function createSequenceLocator(deps: SequenceLocatorDeps = {}): Locator {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const lookupCounty = deps.lookupCounty ?? lookupMiamiDade;
  return {
    name: 'sequence',
    enabled: () => true,
    withServices: (s: LocatorServices) =>
      s.neighboursInTime
        ? createSequenceLocator({ ...deps, neighbours: s.neighboursInTime })
        : createSequenceLocator(deps),
    skip(evidence) {
      const radius = ownGpsRadius(evidence);
      return radius === null ? null : `Not needed: the photo's own GPS places it within ${radius} m.`;
    },
    async locate(input, ctx) {
      if (ownGpsRadius(metadataEvidenceOf(input)) !== null) return absent("Not needed: the photo's own GPS places it.");
      if (!deps.neighbours || !input.userId) return absent('Not placed from other photos: none to compare with.');
      const photo = sequencePhotoOf(input);
      if (typeof photo === 'string') return absent(photo);
      const query = {
        userId: input.userId,
        make: input.metadata.make,
        model: input.metadata.model,
        localFrom: shiftLocal(photo.takenAt.local, -QUERY_SLACK_MS),
        localTo: shiftLocal(photo.takenAt.local, QUERY_SLACK_MS),
        ...(input.analysisId ? { exceptAnalysisId: input.analysisId } : {}),
        pendingSince: new Date(now() - PENDING_SINCE_MS),
        tripId: input.tripId ?? null,
      };
      const started = now();
      let found = await deps.neighbours.gpsNeighbours(query);
      let [lastPending, lastToken] = [found.pending, found.progress];
      let lastProgress = started;
      // A trip's photo does not hold a runner slot waiting for its neighbours: the trip's revision places it again
      // when one lands after it (R-TRIP-6, sequence-revision.ts).
      const maxWait = input.tripId ? 0 : (deps.pendingWaitMs ?? PENDING_WAIT_MS);
      while (found.pending > 0 && now() - started < maxWait && now() - lastProgress < STALL_MS && !ctx.signal.aborted) {
        await sleep(POLL_MS);
        found = await deps.neighbours.gpsNeighbours(query);
        if (found.pending < lastPending || found.progress !== lastToken) lastProgress = now();
        [lastPending, lastToken] = [found.pending, found.progress];
      }
      const neighbours: SequenceNeighbour[] = found.neighbours.map(toSequenceNeighbour);
      const placed = placeBySequence(photo, neighbours);
      ctx.log('sequence neighbours', { candidates: neighbours.length, stillPending: found.pending, placed: !!placed });
      if (!placed)
        return absent(
          input.tripId
            ? `Not placed from other photos yet: none of this trip's photos placed by GPS so far was taken with the same camera within ${describeGap(MAX_GAP_MS)}. It is placed again when one arrives.`
            : `Not placed from other photos: none of your photos placed by GPS was taken with the same camera within ${describeGap(MAX_GAP_MS)}.`,
          { candidates: neighbours.length, stillPending: found.pending },
        );
      return [sequenceEvidence(placed, photo, lookupCounty)];
    },
  };
}

/** The metadata locator's view of the photo's own GPS, for a locate() called without the evidence before it. */
function metadataEvidenceOf(input: Pick<LocatorInput, 'metadata'>): Evidence[] {
  const reading = gpsReadingOf(input.metadata);
  if (reading?.status !== 'ok' || reading.precision !== 'full') return [];
  return [
    {
      locator: 'metadata',
      kind: 'position',
      summary: '',
      position: reading.position,
      radiusMeters: reading.accuracyMeters ?? DEFAULT_GPS_ACCURACY_M,
    },
  ];
}
