import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { analyses, analysisEvents, photos } from '../../db/schema.analyses';
import { users } from '../../db/schema';
import { appendChainedEvent, type EventRow } from './event-chain';
import type {
  AnalysisJob,
  AnalysisPatch,
  AnalysisRow,
  AnalysisStore,
  ClosingEvent,
  GpsNeighbour,
  JobQueue,
  NeighboursInTime,
  SequenceRevisionStore,
  TripMember,
} from '../../engine/pipeline/ports';

export type { AnalysisPatch, AnalysisRow };
export type AnalysisWithPhoto = AnalysisJob;

export type AnalysesRepositoryHooks = {
  /** Runs in the transaction that stores a finished (done or failed) result; its writes commit with it. */
  onFinished?(tx: Db, analysis: AnalysisRow): Promise<unknown>;
  /**
   * Runs in the transaction that replaces a finished analysis' result (a trip's photo placed again from its
   * neighbours, R-TRIP-6), after the user's row lock is taken: what the owner's records keep of the result follows.
   */
  onResultReplaced?(tx: Db, analysis: AnalysisRow): Promise<unknown>;
  /** Told each closing event `finish` stored, once its transaction committed (the live subscribers' bus). */
  onEventStored?(event: EventRow): void;
};

type NeighbourRow = {
  id: string;
  file_name: string;
  lat: number;
  lng: number;
  accuracy: number | null;
  local: string;
  off: string | null;
  make: string | null;
  model: string | null;
  serial: string | null;
};

/** The columns a neighbour is read from (the readMetadata step's stored GPS reading). */
const NEIGHBOUR_COLUMNS = sql`a.id, p.original_name as file_name,
  (a.metadata #>> '{gps,position,lat}')::double precision as lat,
  (a.metadata #>> '{gps,position,lng}')::double precision as lng,
  (a.metadata #>> '{gps,accuracyMeters}')::double precision as accuracy,
  a.metadata #>> '{gps,takenAt,local}' as local,
  a.metadata #>> '{gps,takenAt,offset}' as off,
  a.metadata ->> 'make' as make, a.metadata ->> 'model' as model,
  a.metadata #>> '{gps,bodySerial}' as serial`;

/** A full-precision fix with a time, not failed: a photo placed by its own GPS that others may be placed from. */
const HAS_GPS_FIX = sql`a.status <> 'failed'
  and a.metadata #>> '{gps,status}' = 'ok'
  and a.metadata #>> '{gps,precision}' = 'full'
  and a.metadata #>> '{gps,takenAt,local}' is not null`;

const toNeighbour = (r: NeighbourRow): GpsNeighbour => ({
  analysisId: r.id,
  fileName: r.file_name,
  position: { lat: Number(r.lat), lng: Number(r.lng) },
  accuracyMeters: r.accuracy === null ? null : Number(r.accuracy),
  takenAt: { local: r.local, offset: r.off },
  camera: { make: r.make, model: r.model, serial: r.serial },
});

export class AnalysesRepository implements AnalysisStore, JobQueue, NeighboursInTime, SequenceRevisionStore {
  constructor(
    private readonly db: Db,
    private readonly hooks: AnalysesRepositoryHooks = {},
  ) {}

  async get(id: string): Promise<AnalysisWithPhoto | undefined> {
    const [row] = await this.db
      .select()
      .from(analyses)
      .innerJoin(photos, eq(photos.id, analyses.photoId))
      .where(eq(analyses.id, id));
    return row ? { ...row.analyses, photo: row.photos } : undefined;
  }

  /** The owner's first analysis of a photo with these bytes made before `before`, other than `exceptId`. */
  async firstWithSameBytes(
    userId: string,
    sha256: string,
    before: Date,
    exceptId: string,
  ): Promise<{ analysisId: string; fileName: string; createdAt: Date } | undefined> {
    const [row] = await this.db
      .select({ analysisId: analyses.id, fileName: photos.originalName, createdAt: analyses.createdAt })
      .from(analyses)
      .innerJoin(photos, eq(photos.id, analyses.photoId))
      .where(
        and(
          eq(photos.userId, userId),
          eq(photos.sha256, sha256),
          sql`${analyses.createdAt} < ${before.toISOString()}::timestamptz`,
          sql`${analyses.id} <> ${exceptId}`,
        ),
      )
      .orderBy(asc(analyses.createdAt))
      .limit(1);
    return row;
  }

  /** Every analysis of a photo with these bytes under this owner, oldest first (POST /api/verify). */
  async allWithSameBytes(userId: string, sha256: string) {
    return this.db
      .select({
        analysisId: analyses.id,
        fileName: photos.originalName,
        receivedAt: photos.createdAt,
        status: analyses.status,
        result: analyses.analysisResult,
      })
      .from(analyses)
      .innerJoin(photos, eq(photos.id, analyses.photoId))
      .where(and(eq(photos.userId, userId), eq(photos.sha256, sha256)))
      .orderBy(asc(photos.createdAt), asc(analyses.createdAt));
  }

  /**
   * Takes the oldest runnable job: queued and due, or running under a lease older than `leaseMs` (its runner
   * died). SKIP LOCKED lets several processes on one PostgreSQL claim concurrently without taking a job twice.
   */
  async claimNext(workerId: string, leaseMs: number): Promise<{ id: string; attempts: number } | undefined> {
    const rows = await queryRows<{ id: string; attempts: number }>(
      this.db,
      sql`update analyses
          set status = 'running', locked_by = ${workerId}, locked_at = now(), attempts = attempts + 1,
              started_at = coalesce(started_at, now())
          where id = (
            select id from analyses
            where (status = 'queued' and run_after <= now())
               or (status = 'running' and locked_at < now() - make_interval(secs => ${leaseMs / 1000}))
            -- A photo still to be placed comes before one that only waits for its stored images (R-TRIP-10).
            order by (status = 'queued' and analysis_result is not null), run_after, created_at
            limit 1
            for update skip locked
          )
          returning id, attempts`,
    );
    return rows[0];
  }

  /**
   * Puts every running job back in the queue. Only for a database one process owns (PGlite): whatever was
   * running when that process stopped is orphaned and need not wait for its lock to go stale.
   */
  async releaseAllRunning(): Promise<number> {
    const rows = await this.db
      .update(analyses)
      .set({ status: 'queued', lockedBy: null, lockedAt: null })
      .where(eq(analyses.status, 'running'))
      .returning({ id: analyses.id });
    return rows.length;
  }

  /**
   * The runner's heartbeat: renews the lease on the jobs it holds (the database's clock, as `claimNext` compares
   * with it). Returns the ids still held; a missing one was taken over after this runner went quiet too long.
   */
  async renewLeases(workerId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .update(analyses)
      .set({ lockedAt: sql`now()` })
      .where(and(inArray(analyses.id, [...ids]), eq(analyses.lockedBy, workerId), eq(analyses.status, 'running')))
      .returning({ id: analyses.id });
    return rows.map((r) => r.id);
  }

  /**
   * The sequence locator's neighbours (R-ANALYSIS-12): the owner's analyses whose stored metadata (written by the
   * readMetadata step, so a neighbour counts before its own analysis finishes) holds a full-precision GPS fix, taken
   * with the same make and model within the wall-clock window. The camera match and the time comparison proper are
   * the engine's (engine/locators/sequence.ts); this only narrows the rows.
   */
  async gpsNeighbours(query: Parameters<NeighboursInTime['gpsNeighbours']>[0]) {
    const tripId = query.tripId ?? null;
    const rows = await queryRows<NeighbourRow>(
      this.db,
      sql`select ${NEIGHBOUR_COLUMNS}
          from analyses a join photos p on p.id = a.photo_id
          where a.user_id = ${query.userId}
            and ${HAS_GPS_FIX}
            and coalesce(a.metadata ->> 'make', '') = ${query.make ?? ''}
            and coalesce(a.metadata ->> 'model', '') = ${query.model ?? ''}
            and a.metadata #>> '{gps,takenAt,local}' between ${query.localFrom} and ${query.localTo}
            and a.id <> ${query.exceptAnalysisId ?? '00000000-0000-0000-0000-000000000000'}
            and (${tripId}::uuid is null or a.trip_id = ${tripId}::uuid)
          order by a.metadata #>> '{gps,takenAt,local}'
          limit 200`,
    );
    // A trip's photos still to read their metadata are its own; otherwise any of the owner's recent uploads. The
    // progress token is the status and last finished step of each of them (not the lease, which the heartbeat renews
    // while a photo merely waits).
    const scope = tripId
      ? sql`trip_id = ${tripId}::uuid`
      : sql`user_id = ${query.userId} and created_at >= ${query.pendingSince.toISOString()}::timestamptz`;
    const [pending] = await queryRows<{ n: number; progress: string | null }>(
      this.db,
      sql`select (count(*) filter (where metadata is null and status in ('queued', 'running')))::int as n,
                 md5(string_agg(id::text || ':' || status || ':' || coalesce(stage, ''), ',' order by id)) as progress
          from analyses
          where ${scope}
            and id <> ${query.exceptAnalysisId ?? '00000000-0000-0000-0000-000000000000'}`,
    );
    return { neighbours: rows.map(toNeighbour), pending: pending?.n ?? 0, progress: pending?.progress ?? '' };
  }

  /**
   * A trip's analyses (SequenceRevisionStore): status, metadata, the stored sequence evidence only (a trip may hold
   * hundreds of photos, and the text locator's evidence carries every line it read) and the result's source.
   */
  async tripMembers(tripId: string): Promise<TripMember[]> {
    const rows = await queryRows<{
      id: string;
      file_name: string;
      status: AnalysisRow['status'];
      metadata: TripMember['metadata'];
      sequence: TripMember['evidence'];
      source: string | null;
    }>(
      this.db,
      sql`select a.id, p.original_name as file_name, a.status, a.metadata,
                 (select jsonb_agg(e) from jsonb_array_elements(a.evidence) e where e ->> 'locator' = 'sequence')
                   as sequence,
                 a.analysis_result ->> 'source' as source
          from analyses a join photos p on p.id = a.photo_id
          where a.trip_id = ${tripId}::uuid`,
    );
    return rows.map((r) => ({
      analysisId: r.id,
      fileName: r.file_name,
      status: r.status,
      metadata: r.metadata,
      evidence: r.sequence ?? [],
      source: r.source,
    }));
  }

  /** SequenceRevisionStore.revise: the user's lock, then the analysis', as the owner's corrections take them. */
  async revise(
    analysisId: string,
    tripId: string,
    revise: (row: AnalysisRow, neighbours: GpsNeighbour[]) => AnalysisPatch | null,
  ): Promise<AnalysisPatch | null> {
    const [owner] = await this.db
      .select({ userId: analyses.userId })
      .from(analyses)
      .where(and(eq(analyses.id, analysisId), eq(analyses.tripId, tripId)));
    if (!owner) return null;
    return this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
      const [row] = await tx
        .select()
        .from(analyses)
        .where(
          and(
            eq(analyses.id, analysisId),
            eq(analyses.tripId, tripId),
            // Placed and not being run (R-TRIP-10): a runner holding it would write its own copy over the revision.
            sql`(${analyses.status} = 'done' or (${analyses.status} = 'queued' and ${analyses.analysisResult} is not null))`,
          ),
        )
        .for('update');
      if (!row) return null;
      // Read after the lock: every neighbour stored before this revision began is seen.
      const neighbours = (
        await queryRows<NeighbourRow>(
          tx,
          sql`select ${NEIGHBOUR_COLUMNS}
              from analyses a join photos p on p.id = a.photo_id
              where a.trip_id = ${tripId}::uuid and ${HAS_GPS_FIX}`,
        )
      ).map(toNeighbour);
      const patch = revise(row, neighbours);
      if (!patch) return null;
      const [updated] = await tx.update(analyses).set(patch).where(eq(analyses.id, analysisId)).returning();
      if (updated && this.hooks.onResultReplaced) await this.hooks.onResultReplaced(tx, updated);
      return patch;
    });
  }

  /** Saves a step's output while still holding the lock; false means another runner took the job over. */
  async saveStep(id: string, workerId: string, patch: AnalysisPatch): Promise<boolean> {
    const rows = await this.db
      .update(analyses)
      .set({ ...patch, lockedAt: sql`now()` })
      .where(and(eq(analyses.id, id), eq(analyses.lockedBy, workerId), eq(analyses.status, 'running')))
      .returning({ id: analyses.id });
    return rows.length === 1;
  }

  /** Ends the job (done or failed) and releases the lock; false when the lock was lost. */
  async finish(
    id: string,
    workerId: string,
    status: 'done' | 'failed',
    patch: AnalysisPatch,
    opts: {
      /** Timings completed once the rest is written (the save step times itself), stored in the same commit. */
      finalTimings?(): AnalysisRow['timings'];
      /** The job's closing event, appended to its chain in the same commit. */
      event?: ClosingEvent;
    } = {},
  ): Promise<boolean> {
    let stored: EventRow | undefined;
    const run = async (db: Db, lockOwner: boolean) => {
      // Every transaction that writes a user's history, index or trip takes the user's lock before any analysis
      // row (revise, corrections, a trip's delete). Updating the row first and then letting the hook take the user's
      // lock was the reverse order: a trip deleted while its last photo finished deadlocked, and the delete failed.
      if (lockOwner) {
        const [owner] = await db.select({ userId: analyses.userId }).from(analyses).where(eq(analyses.id, id));
        if (owner) await db.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
      }
      const [row] = await db
        .update(analyses)
        .set({ ...patch, status, finishedAt: new Date(), lockedBy: null, lockedAt: null })
        .where(and(eq(analyses.id, id), eq(analyses.lockedBy, workerId), eq(analyses.status, 'running')))
        .returning();
      if (row && this.hooks.onFinished) await this.hooks.onFinished(db, row);
      if (row && opts.finalTimings)
        await db.update(analyses).set({ timings: opts.finalTimings() }).where(eq(analyses.id, id));
      if (row && opts.event)
        stored = await appendChainedEvent(db, { analysisId: id, type: opts.event.type, data: opts.event.data() });
      return Boolean(row);
    };
    // With a hook, the result and what it records elsewhere (history, index, counts) commit together; final
    // timings and the closing event too, so nobody reads a finished job whose timings or history are incomplete.
    const finished =
      this.hooks.onFinished || opts.finalTimings || opts.event
        ? await this.db.transaction((tx) => run(tx as unknown as Db, Boolean(this.hooks.onFinished)))
        : await run(this.db, false);
    if (stored) this.hooks.onEventStored?.(stored);
    return finished;
  }

  /** Replaces a finished analysis' result (the owner's correction); false when it is not finished. */
  async replaceResult(id: string, patch: AnalysisPatch): Promise<boolean> {
    const rows = await this.db
      .update(analyses)
      .set(patch)
      .where(and(eq(analyses.id, id), sql`${analyses.status} in ('done', 'failed')`))
      .returning({ id: analyses.id });
    return rows.length === 1;
  }

  /** Puts the job back in the queue after a passing failure, to run again after `delayMs`. */
  async requeue(id: string, workerId: string, delayMs: number, patch: AnalysisPatch): Promise<boolean> {
    const rows = await this.db
      .update(analyses)
      .set({ ...patch, status: 'queued', runAfter: new Date(Date.now() + delayMs), lockedBy: null, lockedAt: null })
      .where(and(eq(analyses.id, id), eq(analyses.lockedBy, workerId), eq(analyses.status, 'running')))
      .returning({ id: analyses.id });
    return rows.length === 1;
  }

  /** AnalysisStore.defer: back to the queue with the place stored; this claim is not counted as an attempt. */
  async defer(id: string, workerId: string, patch: AnalysisPatch): Promise<boolean> {
    const rows = await this.db
      .update(analyses)
      .set({
        ...patch,
        status: 'queued',
        runAfter: sql`now()`,
        attempts: sql`greatest(0, ${analyses.attempts} - 1)`,
        lockedBy: null,
        lockedAt: null,
      })
      .where(and(eq(analyses.id, id), eq(analyses.lockedBy, workerId), eq(analyses.status, 'running')))
      .returning({ id: analyses.id });
    return rows.length === 1;
  }

  /** Stores an event chained after the analysis' latest one (R-REPORT-3). */
  appendEvent(analysisId: string, type: string, data: Record<string, unknown>): Promise<EventRow> {
    return appendChainedEvent(this.db, { analysisId, type, data });
  }

  /** Events after `afterId` in order, for SSE replay. */
  eventsSince(analysisId: string, afterId = 0): Promise<EventRow[]> {
    return this.db
      .select()
      .from(analysisEvents)
      .where(and(eq(analysisEvents.analysisId, analysisId), gt(analysisEvents.id, afterId)))
      .orderBy(asc(analysisEvents.id));
  }

  async statusCounts(): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ status: analyses.status, n: sql<number>`count(*)::int` })
      .from(analyses)
      .groupBy(analyses.status);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
