import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { users } from '../../db/schema';
import { analyses, analysisLatSql, analysisLngSql, analysisSearchDocumentSql, photos } from '../../db/schema.analyses';
import { locationIndex, locations } from '../../db/schema.locations';

/**
 * The analysis columns a list entry shows. The engine's working state (metadata, evidence, candidates, timings)
 * can be tens of kilobytes per row and no list shows it, so lists never read it.
 */
const listColumns = {
  id: analyses.id,
  userId: analyses.userId,
  photoId: analyses.photoId,
  status: analyses.status,
  imageUrl: analyses.imageUrl,
  analysisType: analyses.analysisType,
  analysisResult: analyses.analysisResult,
  confidenceScore: analyses.confidenceScore,
  locationData: analyses.locationData,
  createdAt: analyses.createdAt,
};
type ListAnalysis = { [K in keyof typeof listColumns]: (typeof analyses.$inferSelect)[K] };

export type AnalysisListRow = ListAnalysis & {
  fileName: string;
  thumbnailKey: string | null;
  distanceKm?: number;
};

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = 111.32;

/** Great-circle distance in km between a stored point (SQL expressions) and a given one. */
export function haversineKmSql(lat: SQL | SQL.Aliased | unknown, lng: unknown, p: { lat: number; lng: number }): SQL {
  // Parameters are cast: an untyped parameter next to an integer literal would be read as an integer.
  const lat0 = sql`${p.lat}::double precision`;
  const lng0 = sql`${p.lng}::double precision`;
  return sql`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1.0, sqrt(
    power(sin(radians(${lat} - ${lat0}) / 2), 2) +
    cos(radians(${lat0})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${lng0}) / 2), 2)))))`;
}

/** The lat/lng box that contains every point within `radiusKm` of `p` (a cheap, indexable prefilter). */
export function boundingBox(p: { lat: number; lng: number }, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const cos = Math.max(Math.cos((p.lat * Math.PI) / 180), 0.01);
  const dLng = radiusKm / (KM_PER_DEGREE_LAT * cos);
  return { minLat: p.lat - dLat, maxLat: p.lat + dLat, minLng: p.lng - dLng, maxLng: p.lng + dLng };
}

/**
 * A prefix full-text query from what a person typed: words only (letters and digits), each matched as a prefix,
 * all required. Null when nothing searchable is left.
 */
export function toPrefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return null;
  return words
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(' & ');
}

const finished = isNotNull(analyses.analysisResult);
const confidenceSql = sql`coalesce(${analyses.confidenceScore}, (${analyses.analysisResult} ->> 'confidence')::double precision)`;

/** History filters: calendar days in the user's time zone (inclusive) and a confidence range (0–1, inclusive). */
export type HistoryFilter = {
  from?: string;
  to?: string;
  min_confidence?: number;
  max_confidence?: number;
  category?: string;
  timeZone?: string;
};

/** The filters a request carries, as a key: one prepared statement per combination (at most 32). */
function filterShape(f: HistoryFilter): string {
  return (['from', 'to', 'min_confidence', 'max_confidence', 'category'] as const)
    .map((k) => (f[k] === undefined ? '0' : '1'))
    .join('');
}

/**
 * The filter conditions. `value` turns each filter into SQL: the value itself (an ad-hoc query) or a named
 * placeholder (a prepared statement, given the values when it runs).
 */
function filterSql(
  f: HistoryFilter = {},
  value: (key: keyof HistoryFilter) => unknown = (k) => (k === 'timeZone' ? (f.timeZone ?? 'UTC') : f[k]),
): SQL[] {
  const tz = value('timeZone');
  const out: SQL[] = [];
  if (f.from) out.push(sql`${analyses.createdAt} >= (${value('from')}::date::timestamp at time zone ${tz}::text)`);
  if (f.to) out.push(sql`${analyses.createdAt} < ((${value('to')}::date + 1)::timestamp at time zone ${tz}::text)`);
  // The list shows the place's confidence (analysis_result), so the filter uses the same figure.
  const shown = sql`(${analyses.analysisResult} ->> 'confidence')::double precision`;
  if (f.min_confidence !== undefined) out.push(sql`${shown} >= ${value('min_confidence')}::double precision`);
  if (f.max_confidence !== undefined) out.push(sql`${shown} <= ${value('max_confidence')}::double precision`);
  if (f.category) {
    out.push(
      sql`exists (select 1 from analysis_categories c where c.analysis_id = ${analyses.id} and c.category = ${value('category')}::text)`,
    );
  }
  return out;
}

/** SQL of the data API over analyses, photos, locations and the index. Users are always passed in explicitly. */
export class DataApiRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: DataApiRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => fn(new DataApiRepository(tx as unknown as Db), tx as unknown as Db));
  }

  private selectList<E extends Record<string, SQL>>(extra: E = {} as E) {
    return this.db
      .select({ ...listColumns, fileName: photos.originalName, thumbnailKey: photos.thumbnailKey, ...extra })
      .from(analyses)
      .innerJoin(photos, eq(photos.id, analyses.photoId));
  }

  private static flat(
    rows: (ListAnalysis & { fileName: string; thumbnailKey: string | null; distanceKm?: unknown; total?: unknown })[],
  ): AnalysisListRow[] {
    return rows.map(({ distanceKm, total: _total, ...row }) =>
      distanceKm === undefined ? row : { ...row, distanceKm: Number(distanceKm) },
    );
  }

  /** The user's finished analyses, newest first. */
  async listMine(userId: string, limit: number, offset: number, filter?: HistoryFilter): Promise<AnalysisListRow[]> {
    return (await this.pageMine(userId, limit, offset, filter)).rows;
  }

  /** Prepared page statements by filter shape: built once, planned by the server once per connection. */
  private readonly pageStatements = new Map<string, ReturnType<DataApiRepository['preparePage']>>();

  private preparePage(filter: HistoryFilter, name: string) {
    const p = (key: string) => sql.placeholder(key);
    const conditions = (): SQL => and(eq(analyses.userId, p('userId')), finished, ...filterSql(filter, p))!;
    // The total is a scalar subquery over the (user, finished) index only, evaluated once; the page itself reads
    // and joins just its own rows. (`count(*) over ()` made every row of the user be read and joined.)
    const total = sql<number>`(select count(*)::int from ${analyses} where ${conditions()})`;
    return this.selectList({ total })
      .where(conditions())
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(name);
  }

  /**
   * A page and the total in one round trip. A page past the end has no row to carry the total, so only then is
   * it counted apart.
   */
  async pageMine(
    userId: string,
    limit: number,
    offset: number,
    filter: HistoryFilter = {},
  ): Promise<{ rows: AnalysisListRow[]; total: number }> {
    const shape = filterShape(filter);
    let statement = this.pageStatements.get(shape);
    if (!statement) this.pageStatements.set(shape, (statement = this.preparePage(filter, `data_api_page_${shape}`)));
    const rows = await statement.execute({ ...filter, timeZone: filter.timeZone ?? 'UTC', userId, limit, offset });
    const total = rows.length ? Number(rows[0]!.total) : offset > 0 ? await this.countMine(userId, filter) : 0;
    return { rows: DataApiRepository.flat(rows), total };
  }

  async countMine(userId: string, filter?: HistoryFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyses)
      .where(and(eq(analyses.userId, userId), finished, ...filterSql(filter)));
    return Number(row?.n ?? 0);
  }

  async getOne(userId: string, id: string): Promise<AnalysisListRow | undefined> {
    const rows = await this.selectList().where(and(eq(analyses.userId, userId), eq(analyses.id, id)));
    return DataApiRepository.flat(rows)[0];
  }

  /** Full-text prefix search on the indexed document (name, neighbourhood, municipality, ZIP, explanation). */
  async search(userId: string, tsQuery: string, limit: number, filter?: HistoryFilter): Promise<AnalysisListRow[]> {
    const rows = await this.selectList()
      .where(
        and(
          eq(analyses.userId, userId),
          finished,
          sql`${analysisSearchDocumentSql} @@ to_tsquery('simple', ${tsQuery})`,
          ...filterSql(filter),
        ),
      )
      .orderBy(desc(analyses.createdAt), desc(analyses.id))
      .limit(limit);
    return DataApiRepository.flat(rows);
  }

  /** Bounding box on the (user, lat, lng) index, then the exact distance; nearest first. */
  async nearby(
    userId: string,
    p: { lat: number; lng: number },
    radiusKm: number,
    limit: number,
  ): Promise<AnalysisListRow[]> {
    const box = boundingBox(p, radiusKm);
    const distance = haversineKmSql(analysisLatSql, analysisLngSql, p);
    const rows = await this.selectList({ distanceKm: sql`${distance}` })
      .where(
        and(
          eq(analyses.userId, userId),
          sql`${analysisLatSql} between ${box.minLat}::double precision and ${box.maxLat}::double precision`,
          sql`${analysisLngSql} between ${box.minLng}::double precision and ${box.maxLng}::double precision`,
          sql`${distance} <= ${radiusKm}::double precision`,
        ),
      )
      .orderBy(sql`${distance}`, desc(analyses.createdAt))
      .limit(limit);
    return DataApiRepository.flat(rows);
  }

  /** Totals, this month / today in `timeZone`, confidence buckets, outcomes and the last 30 days. */
  async analysisStats(userId: string | null, timeZone: string) {
    const owner = userId ? sql`and user_id = ${userId}` : sql``;
    const monthStart = sql`(date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`;
    const dayStart = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
    const base = sql`from analyses where analysis_result is not null ${owner}`;
    const [totals] = await queryRows<{
      total: number;
      month: number;
      today: number;
      avg: number | null;
      last: Date | string | null;
    }>(
      this.db,
      sql`select count(*)::int as total,
                 (count(*) filter (where created_at >= ${monthStart}))::int as month,
                 (count(*) filter (where created_at >= ${dayStart}))::int as today,
                 avg(${confidenceSql})::float8 as avg,
                 max(created_at) as last
          ${base}`,
    );
    const buckets = await queryRows<{ bucket: number; count: number }>(
      this.db,
      sql`select least(floor(${confidenceSql} * 5), 4)::int as bucket, count(*)::int as count ${base} group by 1`,
    );
    const outcomes = await queryRows<{ outcome: string | null; count: number }>(
      this.db,
      sql`select analysis_result ->> 'outcome' as outcome, count(*)::int as count ${base} group by 1`,
    );
    const days = await queryRows<{ day: string; count: number }>(
      this.db,
      sql`select to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*)::int as count
          ${base} and created_at >= ${dayStart} - interval '29 days' group by 1`,
    );
    return { totals: totals!, buckets, outcomes, days };
  }

  async userCounts(userId: string) {
    const [row] = await queryRows<{
      locations: number;
      index: number;
      photos: number;
      login_count: number | null;
      last_analysis: Date | string | null;
    }>(
      this.db,
      sql`select (select count(*)::int from ${locations} where user_id = ${userId}) as locations,
                 (select count(*)::int from ${locationIndex} where user_id = ${userId}) as index,
                 (select count(*)::int from ${photos} where user_id = ${userId} and byte_size > 0) as photos,
                 (select login_count from ${users} where id = ${userId}) as login_count,
                 (select last_analysis from ${users} where id = ${userId}) as last_analysis`,
    );
    return row!;
  }

  /** Database-wide figures for the founder. Photos with size 0 are records made through the API, not uploads. */
  async adminCounts(activeNowMs: number) {
    const [row] = await queryRows<{
      users: number;
      active: number;
      active_today: number;
      analyses: number;
      locations: number;
      images: number;
      bytes: string | number | null;
    }>(
      this.db,
      sql`select (select count(*)::int from ${users}) as users,
                 (select count(*)::int from ${users} where last_active > now() - make_interval(secs => ${activeNowMs / 1000})) as active,
                 (select count(*)::int from ${users} where last_active > now() - interval '24 hours') as active_today,
                 (select count(*)::int from ${analyses} where analysis_result is not null) as analyses,
                 (select count(*)::int from ${locations}) as locations,
                 (select count(*)::int from ${photos} where byte_size > 0) as images,
                 (select coalesce(sum(byte_size), 0)::bigint from ${photos} where byte_size > 0) as bytes`,
    );
    return row!;
  }

  // --- writes -------------------------------------------------------------------------------------------

  async insertExternalPhoto(userId: string, originalName: string) {
    const [row] = await this.db
      .insert(photos)
      .values({
        userId,
        originalName,
        format: 'external',
        mimeType: 'application/octet-stream',
        byteSize: 0,
        width: 0,
        height: 0,
      })
      .returning();
    return row!;
  }

  async insertFinishedAnalysis(values: typeof analyses.$inferInsert) {
    const [row] = await this.db.insert(analyses).values(values).returning();
    return row!;
  }

  /**
   * Deletes an analysis with its location record and index entry, and its photo when no other analysis uses
   * it. Returns the storage keys to remove once the transaction has committed.
   */
  async deleteAnalysis(analysisId: string, photo: { id: string; keys: (string | null)[] }): Promise<string[]> {
    await this.db.delete(locations).where(eq(locations.analysisId, analysisId));
    await this.db.delete(locationIndex).where(eq(locationIndex.analysisId, analysisId));
    await this.db.delete(analyses).where(eq(analyses.id, analysisId));
    const [other] = await this.db
      .select({ id: analyses.id })
      .from(analyses)
      .where(eq(analyses.photoId, photo.id))
      .limit(1);
    if (other) return [];
    await this.db.delete(photos).where(eq(photos.id, photo.id));
    return photo.keys.filter((k): k is string => Boolean(k));
  }

  async photoKeys(photoId: string) {
    const [row] = await this.db
      .select({ originalKey: photos.originalKey, thumbnailKey: photos.thumbnailKey, displayKey: photos.displayKey })
      .from(photos)
      .where(eq(photos.id, photoId));
    return row ? [row.originalKey, row.thumbnailKey, row.displayKey] : [];
  }
}
