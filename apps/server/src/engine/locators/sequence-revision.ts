/**
 * A trip's photos are analysed side by side and in upload order, so a photo without GPS is often analysed before the
 * photos around it in time have read theirs: its first answer may be the general Miami area, or a placement from one
 * side only. The revision (R-TRIP-6) places such a photo again once a neighbour lands:
 *
 * - when a trip photo placed by its own GPS is placed (its place stored, the job released: deferred for its stored
 *   images, R-TRIP-10, or done), every placed photo of the same trip without usable GPS of its own, taken with the same
 *   camera within the sequence locator's window, is reconsidered;
 * - when a trip photo without usable GPS is placed, it is reconsidered itself (a neighbour may have read its GPS while
 *   this photo's locators ran).
 *
 * Between the two, whichever is placed last sees the other: a photo's GPS is stored (readMetadata) before it is placed,
 * and each revision re-reads the neighbours after locking the photo it revises. A photo being run (its stored images
 * being made) is not revised: it checks itself again when it is done. A photo is revised only when its
 * neighbours would change, and only its sequence evidence is replaced: the other locators' evidence stands and the
 * result is fused again, so the sequence never outranks the photo's own GPS (it does not run then) and the owner's
 * own correction is never overwritten.
 */
import { USER_CONFIRMED_SOURCE, type Evidence, type LatLng, type PhotoMetadata } from '@vt/shared';
import { lookupMiamiDade, type CountyLookup } from '../geo/county';
import { fuse } from '../pipeline/fuse';
import { describePlace, placeName } from '../pipeline/place';
import { storedFields } from '../pipeline/pipeline';
import type {
  AnalysisEventSink,
  AnalysisPatch,
  AnalysisRow,
  GpsNeighbour,
  SequenceRevisionStore,
} from '../pipeline/ports';
import { gpsReadingOf } from '../pipeline/read-metadata';
import { placeBySequence } from './sequence';
import {
  hasUsableOwnGps,
  neighbourIdsOf,
  ownGpsRadius,
  sequenceEvidence,
  sequencePhotoOf,
  toSequenceNeighbour,
} from './sequence.locator';

export type SequenceReviserDeps = {
  store: SequenceRevisionStore;
  events: AnalysisEventSink;
  lookupCounty?(p: LatLng): CountyLookup;
  log(level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>): void;
};

/** The photo as a neighbour of others: placed by its own full-precision GPS, with a time and a camera. */
export function gpsNeighbourOf(m: { analysisId: string; fileName: string; metadata: PhotoMetadata | null }) {
  if (!m.metadata || !hasUsableOwnGps(m.metadata)) return null;
  const reading = gpsReadingOf(m.metadata) as
    (ReturnType<typeof gpsReadingOf> & { bodySerial?: string; takenAt?: { local: string; offset?: string } }) | null;
  if (reading?.status !== 'ok' || !reading.takenAt?.local) return null;
  const neighbour: GpsNeighbour = {
    analysisId: m.analysisId,
    fileName: m.fileName,
    position: reading.position,
    accuracyMeters: reading.accuracyMeters ?? null,
    takenAt: { local: reading.takenAt.local, offset: reading.takenAt.offset ?? null },
    camera: { make: m.metadata.make, model: m.metadata.model, serial: reading.bodySerial ?? null },
  };
  return neighbour;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Placed and not being run: done, or waiting in the queue for its stored images (R-TRIP-10). */
export const isSettledPlace = (m: { status: AnalysisRow['status']; hasResult: boolean }) =>
  m.hasResult && (m.status === 'done' || m.status === 'queued');

/**
 * The patch that places a photo again from `neighbours`, or null when nothing should change: it is not placed or is
 * being run,
 * its own GPS places it, its owner confirmed its place, it cannot be compared in time, no neighbour is in reach, or
 * the neighbours are the ones it was already placed from.
 */
export function revisedBySequence(
  row: Pick<AnalysisRow, 'id' | 'status' | 'metadata' | 'evidence' | 'analysisResult'>,
  neighbours: readonly GpsNeighbour[],
  lookupCounty: (p: LatLng) => CountyLookup = lookupMiamiDade,
): AnalysisPatch | null {
  if (!isSettledPlace({ status: row.status, hasResult: Boolean(row.analysisResult) })) return null;
  if (!row.metadata || !row.evidence || !row.analysisResult) return null;
  if (row.analysisResult.source === USER_CONFIRMED_SOURCE) return null;
  if (ownGpsRadius(row.evidence) !== null || hasUsableOwnGps(row.metadata)) return null;
  const photo = sequencePhotoOf({ metadata: row.metadata });
  if (typeof photo === 'string') return null;
  const placed = placeBySequence(photo, neighbours.filter((n) => n.analysisId !== row.id).map(toSequenceNeighbour));
  if (!placed) return null;
  const ids = [placed.before, placed.after].flatMap((u) => (u ? [u.neighbour.analysisId] : []));
  if (sameIds(ids, neighbourIdsOf(row.evidence))) return null;

  const fresh = sequenceEvidence(placed, photo, lookupCounty);
  // The sequence's finding takes the place of the old one (in the locators' order); everything else stands.
  const at = row.evidence.findIndex((e) => e.locator === 'sequence');
  const others = row.evidence.filter((e) => e.locator !== 'sequence');
  const evidence: Evidence[] = at < 0 ? [...others, fresh] : [...others.slice(0, at), fresh, ...others.slice(at)];
  const result = fuse(evidence, { describePlace, placeName });
  return { ...storedFields(result), evidence };
}

/** What the pipeline calls once a photo of a trip is placed (PipelineDeps.afterPlaced). */
export function createSequenceReviser(deps: SequenceReviserDeps) {
  const lookupCounty = deps.lookupCounty ?? lookupMiamiDade;

  /** Revises one photo under its lock, then tells its watchers (the trip's view) where it now is. */
  async function revise(analysisId: string, tripId: string, reason: string): Promise<boolean> {
    const patch = await deps.store.revise(analysisId, tripId, (row, neighbours) =>
      revisedBySequence(row, neighbours, lookupCounty),
    );
    if (!patch) return false;
    await deps.events.record(analysisId, 'relocated', {
      reason,
      result: patch.analysisResult,
      evidence: patch.evidence?.filter((e) => e.locator === 'sequence') ?? [],
    });
    return true;
  }

  return {
    async afterPlaced(job: Pick<AnalysisRow, 'id' | 'tripId' | 'metadata' | 'status'> & { fileName: string }) {
      const tripId = job.tripId;
      if (!tripId || !job.metadata) return;
      const ownGps = hasUsableOwnGps(job.metadata);
      const members = await deps.store.tripMembers(tripId);
      const neighbours = members.flatMap((m) => {
        const n = m.status === 'failed' ? null : gpsNeighbourOf(m);
        return n ? [n] : [];
      });
      const settled = (m: (typeof members)[number]) =>
        isSettledPlace({ status: m.status, hasResult: m.source !== null });
      const targets = ownGps
        ? members.filter((m) => settled(m) && m.metadata && !hasUsableOwnGps(m.metadata))
        : members.filter((m) => m.analysisId === job.id && settled(m));
      let revised = 0;
      for (const target of targets) {
        if (target.source === USER_CONFIRMED_SOURCE || !target.metadata) continue;
        const photo = sequencePhotoOf({ metadata: target.metadata });
        if (typeof photo === 'string') continue;
        // Cheap look first, without a lock: only a photo whose neighbours would change is revised.
        const placed = placeBySequence(
          photo,
          neighbours.filter((n) => n.analysisId !== target.analysisId).map(toSequenceNeighbour),
        );
        const ids = placed ? [placed.before, placed.after].flatMap((u) => (u ? [u.neighbour.analysisId] : [])) : [];
        if (!placed || sameIds(ids, neighbourIdsOf(target.evidence))) continue;
        const reason = ownGps
          ? `${job.fileName}, taken close in time with the same camera, was placed by its GPS.`
          : 'Photos of the trip placed by their GPS arrived while this one was analysed.';
        if (await revise(target.analysisId, tripId, reason)) revised++;
      }
      if (revised)
        deps.log('info', 'trip photos placed again from their neighbours', { tripId, revised, after: job.id });
    },
  };
}

export type SequenceReviser = ReturnType<typeof createSequenceReviser>;
