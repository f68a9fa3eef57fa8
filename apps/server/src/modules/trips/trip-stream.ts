import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnalysisEvent, TripStreamMessage, User } from '@vt/shared';
import type { EventStream } from '../../lib/sse';
import type { TripChanges } from './trip-changes';
import type { TripsService } from './trips.service';

/** A photo's events close together (a locator starting and finishing) are read from the database once. */
const COALESCE_MS = 150;

export type TripStreamDeps = {
  trips: TripsService;
  /** The analysis events of every process (modules/analyses/analysis-events.ts). */
  bus: { subscribe(analysisId: string, listener: (event: AnalysisEvent) => void): () => void };
  changes: TripChanges;
  openEventStream(request: FastifyRequest, reply: FastifyReply, onEnd: () => void): EventStream;
  log(message: string, details: Record<string, unknown>): void;
};

/**
 * GET /api/trips/:id/events (R-TRIP-4): one stream for the whole trip. It sends a `snapshot` of the trip, then a
 * `photo` each time one of its photos moves on — heard from the analysis events every process shares, and read back
 * from the database so the message is what is stored — and a new `snapshot` when the trip itself changes (more photos,
 * a new name, refusals). A reconnecting browser simply gets a new snapshot.
 */
export async function streamTrip(
  deps: TripStreamDeps,
  { user, tripId, request, reply }: { user: User; tripId: string; request: FastifyRequest; reply: FastifyReply },
): Promise<void> {
  await deps.trips.require(user, tripId);
  const watched = new Map<string, () => void>();
  const dirty = new Set<string>();
  let snapshotDue = true;
  let timer: NodeJS.Timeout | undefined;
  let work: Promise<void> = Promise.resolve();
  let stopChanges = () => {};
  const stream = deps.openEventStream(request, reply, () => {
    clearTimeout(timer);
    stopChanges();
    for (const stop of watched.values()) stop();
    watched.clear();
  });
  const send = (message: TripStreamMessage) => stream.send(message.type, JSON.stringify(message));

  const watch = (ids: readonly string[]) => {
    for (const id of ids)
      if (!watched.has(id))
        watched.set(
          id,
          deps.bus.subscribe(id, (event) => {
            dirty.add(event.analysisId);
            schedule(COALESCE_MS);
          }),
        );
  };

  const flush = async () => {
    if (stream.ended) return;
    if (snapshotDue) {
      snapshotDue = false;
      dirty.clear();
      // Read, listen to every photo read, then read again: a stage between the first read and the subscription is in
      // the second read, and anything after it arrives as an event.
      watch((await deps.trips.get(user, tripId)).photos.map((p) => p.analysisId));
      const trip = await deps.trips.get(user, tripId);
      watch(trip.photos.map((p) => p.analysisId));
      send({ type: 'snapshot', trip });
      return;
    }
    const ids = [...dirty];
    dirty.clear();
    for (const photo of await deps.trips.photos(tripId, ids)) send({ type: 'photo', photo });
  };

  // One read at a time, in order: a later photo message never overtakes an earlier snapshot.
  function schedule(delayMs: number) {
    if (timer || stream.ended) return;
    timer = setTimeout(() => {
      timer = undefined;
      work = work.then(flush).catch((error: unknown) => {
        // The trip was deleted meanwhile (404) or the database is away: the browser reconnects and starts again.
        deps.log('trip stream ended', { tripId, error: String(error) });
        stream.end();
      });
    }, delayMs);
  }

  stopChanges = deps.changes.subscribe(tripId, (change) => {
    if (change.kind === 'deleted') {
      send({ type: 'deleted', id: tripId });
      stream.end();
      return;
    }
    snapshotDue = true;
    schedule(COALESCE_MS);
  });
  schedule(0);
}
