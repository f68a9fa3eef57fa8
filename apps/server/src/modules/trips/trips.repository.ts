import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnalysisError, AnalysisResult, Evidence, PhotoMetadata, TripCounts, TripRefusal } from '@vt/shared';
import { queryRows, type Db } from '../../db/client';
import { analyses, photos } from '../../db/schema.analyses';
import { locationIndex, locations } from '../../db/schema.locations';
import { trips } from '../../db/schema.trips';
import { users } from '../../db/schema';

export type TripRow = typeof trips.$inferSelect;

/** One analysis of a trip with what its view shows (trips.service.ts turns it into a TripPhoto). */
export type TripMemberRow = {
  analysisId: string;
  photoId: string;
  fileName: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  metadata: PhotoMetadata | null;
  result: AnalysisResult | null;
  /** The sequence locator's evidence only (the text locator's can be large). */
  sequence: Evidence[] | null;
  error: AnalysisError | null;
  hasThumbnail: boolean;
};

/** A trip with its counts, as the list shows it. */
export type TripListRow = TripRow & {
  counts: Omit<TripCounts, 'refused'>;
  takenFrom: string | null;
  takenTo: string | null;
};

/**
 * The counts of a trip's photos by state, in SQL, with the same rules as stateOf (trips.service.ts): failed; queued
 * without a result; running without a result is reading; a result (fused, even before the stored images are made,
 * R-TRIP-10) by its outcome.
 */
const COUNTS = sql`count(a.id)::int as photos,
  (count(*) filter (where a.status = 'queued' and a.analysis_result is null))::int as queued,
  (count(*) filter (where a.status = 'running' and a.analysis_result is null))::int as reading,
  (count(*) filter (where a.status <> 'failed' and a.analysis_result ->> 'outcome' = 'found'))::int as placed,
  (count(*) filter (where a.status <> 'failed' and a.analysis_result ->> 'outcome' = 'found'
     and position('Photo Sequence' in a.analysis_result ->> 'source') > 0
     and position('GPS Metadata' in a.analysis_result ->> 'source') = 0))::int as placed_from_neighbours,
  (count(*) filter (where a.status <> 'failed' and a.analysis_result ->> 'outcome' = 'outside_coverage'))::int
     as outside,
  (count(*) filter (where a.status <> 'failed' and a.analysis_result is not null
     and a.analysis_result ->> 'outcome' not in ('found', 'outside_coverage')))::int as not_located,
  (count(*) filter (where a.status = 'failed'))::int as failed,
  min(a.metadata #>> '{gps,takenAt,local}') as taken_from,
  max(a.metadata #>> '{gps,takenAt,local}') as taken_to`;

type CountsRow = {
  photos: number;
  queued: number;
  reading: number;
  placed: number;
  placed_from_neighbours: number;
  outside: number;
  not_located: number;
  failed: number;
  taken_from: string | null;
  taken_to: string | null;
};

const countsOf = (r: CountsRow) => ({
  counts: {
    photos: Number(r.photos),
    queued: Number(r.queued),
    reading: Number(r.reading),
    placed: Number(r.placed),
    placedFromNeighbours: Number(r.placed_from_neighbours),
    outside: Number(r.outside),
    notLocated: Number(r.not_located),
    failed: Number(r.failed),
  },
  takenFrom: r.taken_from,
  takenTo: r.taken_to,
});

/** The most refusals a trip keeps (the newest): a record of what was not analysed, not an unbounded log. */
export const MAX_REFUSALS = 2000;

export class TripsRepository {
  constructor(private readonly db: Db) {}

  async create(userId: string, name: string): Promise<TripRow> {
    const [row] = await this.db.insert(trips).values({ userId, name }).returning();
    return row!;
  }

  /** The trip if this user owns it. */
  async find(userId: string, id: string): Promise<TripRow | undefined> {
    const [row] = await this.db
      .select()
      .from(trips)
      .where(and(eq(trips.id, id), eq(trips.userId, userId)));
    return row;
  }

  /** The user's trips, newest first, with their counts. */
  async list(userId: string): Promise<TripListRow[]> {
    const rows = await queryRows<TripRowSql & CountsRow>(
      this.db,
      sql`select t.id, t.user_id, t.name, t.refused, t.created_at, t.updated_at, ${COUNTS}
          from trips t left join analyses a on a.trip_id = t.id
          where t.user_id = ${userId}
          group by t.id
          order by t.created_at desc`,
    );
    return rows.map((r) => ({ ...tripOf(r), ...countsOf(r) }));
  }

  /** One trip's counts (the trip's own row aside). */
  async counts(tripId: string) {
    const [row] = await queryRows<CountsRow>(
      this.db,
      sql`select ${COUNTS} from analyses a where a.trip_id = ${tripId}::uuid`,
    );
    return countsOf(row!);
  }

  /** The trip's photos (or those of `analysisIds`), in the order they were taken (those without a time last). */
  async members(tripId: string, analysisIds?: readonly string[]): Promise<TripMemberRow[]> {
    if (analysisIds && analysisIds.length === 0) return [];
    const only = analysisIds
      ? sql`and a.id in (${sql.join(
          analysisIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const rows = await queryRows<{
      id: string;
      photo_id: string;
      file_name: string;
      status: TripMemberRow['status'];
      metadata: PhotoMetadata | null;
      result: AnalysisResult | null;
      sequence: Evidence[] | null;
      error: AnalysisError | null;
      has_thumbnail: boolean;
    }>(
      this.db,
      sql`select a.id, a.photo_id, p.original_name as file_name, a.status, a.metadata,
                 a.analysis_result as result, a.error, p.thumbnail_key is not null as has_thumbnail,
                 (select jsonb_agg(e) from jsonb_array_elements(a.evidence) e where e ->> 'locator' = 'sequence')
                   as sequence
          from analyses a join photos p on p.id = a.photo_id
          where a.trip_id = ${tripId}::uuid ${only}
          order by a.metadata #>> '{gps,takenAt,local}' nulls last, p.original_name, a.created_at`,
    );
    return rows.map((r) => ({
      analysisId: r.id,
      photoId: r.photo_id,
      fileName: r.file_name,
      status: r.status,
      metadata: r.metadata,
      result: r.result,
      sequence: r.sequence,
      error: r.error,
      hasThumbnail: Boolean(r.has_thumbnail),
    }));
  }

  async rename(userId: string, id: string, name: string): Promise<TripRow | undefined> {
    const [row] = await this.db
      .update(trips)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(trips.id, id), eq(trips.userId, userId)))
      .returning();
    return row;
  }

  /**
   * Records what an upload to the trip did: its refusals are appended (the newest MAX_REFUSALS kept), and a file
   * accepted now drops an older refusal of the same name (sent again once the week had room).
   */
  async recordUpload(tripId: string, acceptedNames: readonly string[], refused: readonly TripRefusal[]): Promise<void> {
    await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx.select({ refused: trips.refused }).from(trips).where(eq(trips.id, tripId)).for('update');
      if (!row) return;
      const accepted = new Set(acceptedNames);
      const kept = [...row.refused.filter((r) => !accepted.has(r.fileName)), ...refused].slice(-MAX_REFUSALS);
      await tx.update(trips).set({ refused: kept, updatedAt: new Date() }).where(eq(trips.id, tripId));
    });
  }

  /**
   * Deletes the trip's analyses that are not running, each with its location record, index entry and photo row, in
   * one transaction; the trip itself goes too once none is left. Rows are locked first, so no runner claims a queued
   * one meanwhile (the claim skips locked rows). Returns the storage keys to delete after the commit, how many analyses
   * went, how many are still running, and whether the trip is gone.
   */
  async deleteSettled(
    userId: string,
    tripId: string,
  ): Promise<{ keys: string[]; deleted: number; running: number; tripDeleted: boolean } | null> {
    return this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The same lock order as every write to the user's history and index (the user, then rows).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [trip] = await tx
        .select({ id: trips.id })
        .from(trips)
        .where(and(eq(trips.id, tripId), eq(trips.userId, userId)))
        .for('update');
      if (!trip) return null;
      const members = await tx
        .select({ id: analyses.id, status: analyses.status, photoId: analyses.photoId })
        .from(analyses)
        .where(eq(analyses.tripId, tripId))
        .for('update');
      const settled = members.filter((m) => m.status !== 'running');
      const keys: string[] = [];
      for (const m of settled) {
        await tx.delete(locations).where(eq(locations.analysisId, m.id));
        await tx.delete(locationIndex).where(eq(locationIndex.analysisId, m.id));
        await tx.delete(analyses).where(eq(analyses.id, m.id));
        const [photo] = await tx
          .delete(photos)
          .where(
            and(
              eq(photos.id, m.photoId),
              sql`not exists (select 1 from analyses o where o.photo_id = ${m.photoId}::uuid)`,
            ),
          )
          .returning({
            originalKey: photos.originalKey,
            thumbnailKey: photos.thumbnailKey,
            displayKey: photos.displayKey,
          });
        if (photo)
          keys.push(...[photo.originalKey, photo.thumbnailKey, photo.displayKey].filter((k): k is string => !!k));
      }
      const running = members.length - settled.length;
      if (running === 0) await tx.delete(trips).where(eq(trips.id, tripId));
      return { keys, deleted: settled.length, running, tripDeleted: running === 0 };
    });
  }

  /** The newest trips of a user, for the default name's number ("Trip of 9 Mar 2026 (2)"). */
  async namesLike(userId: string, prefix: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: trips.name })
      .from(trips)
      .where(and(eq(trips.userId, userId), sql`${trips.name} like ${`${prefix.replace(/[%_\\]/g, '\\$&')}%`}`))
      .orderBy(desc(trips.createdAt))
      .limit(500);
    return rows.map((r) => r.name);
  }
}

type TripRowSql = {
  id: string;
  user_id: string;
  name: string;
  refused: TripRefusal[];
  created_at: string | Date;
  updated_at: string | Date;
};

function tripOf(r: TripRowSql): TripRow {
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    refused: r.refused ?? [],
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}
