import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { locations, locationSearchTextSql } from '../../db/schema.locations';
import { boundingBox, haversineKmSql } from './data-api.repository';
import type { LocationRow } from '../locations/locations.repository';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search, nearby, popular and stats over location history. Search matches the one text expression that the
 * pg_trgm index locations_search_trgm_idx is built on; nearby and lists read the user's rows through
 * locations_user_created_idx (a history holds at most 50 records per user, R-DATA-4).
 */
export class LocationsExploreRepository {
  constructor(private readonly db: Db) {}

  search(userId: string, text: string, limit: number): Promise<LocationRow[]> {
    const like = `%${escapeLike(text.toLowerCase())}%`;
    return this.db
      .select()
      .from(locations)
      .where(and(eq(locations.userId, userId), sql`${locationSearchTextSql} like ${like}`))
      .orderBy(desc(locations.createdAt), desc(locations.id))
      .limit(limit);
  }

  async nearby(userId: string, p: { lat: number; lng: number }, radiusKm: number, limit: number) {
    const box = boundingBox(p, radiusKm);
    const distance = haversineKmSql(locations.lat, locations.lng, p);
    return this.db
      .select({ location: locations, distanceKm: sql<number>`${distance}` })
      .from(locations)
      .where(
        and(
          eq(locations.userId, userId),
          sql`${locations.lat} between ${box.minLat} and ${box.maxLat}`,
          sql`${locations.lng} between ${box.minLng} and ${box.maxLng}`,
          sql`${distance} <= ${radiusKm}::double precision`,
        ),
      )
      .orderBy(sql`${distance}`)
      .limit(limit);
  }

  /** Places by how many records name them; `userId` null for the whole database. */
  popular(userId: string | null, limit: number) {
    const owner = userId ? sql`where user_id = ${userId}` : sql``;
    return queryRows<{
      location_name: string;
      analysis_count: number;
      lat: number;
      lng: number;
      last_seen: Date | string;
    }>(
      this.db,
      sql`select location_name, count(*)::int as analysis_count, avg(lat)::float8 as lat, avg(lng)::float8 as lng,
                 max(created_at) as last_seen
          from ${locations} ${owner}
          group by location_name order by analysis_count desc, last_seen desc limit ${limit}`,
    );
  }

  async stats(userId: string | null) {
    const owner = userId ? sql`where user_id = ${userId}` : sql``;
    const [totals] = await queryRows<{ total: number; unique: number }>(
      this.db,
      sql`select count(*)::int as total, count(distinct location_name)::int as unique from ${locations} ${owner}`,
    );
    const sources = await queryRows<{ source: string; count: number }>(
      this.db,
      sql`select source, count(*)::int as count from ${locations} ${owner} group by source`,
    );
    return { totals: totals!, sources };
  }
}
