import { MANUAL_SOURCE, type Location, type LocationCreateRequest, type LocationsPage, type User } from '@vt/shared';
import { notFound } from '../../lib/errors';
import type { LocationRow, LocationsRepository } from './locations.repository';
import { lockUser } from './locations.repository';

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    location_name: row.locationName,
    coordinates: { lat: row.lat, lng: row.lng },
    address: row.address,
    municipality: row.municipality,
    neighbourhood: row.neighbourhood,
    zip: row.zip,
    source: row.source,
    confidence: row.confidence,
    analysis_id: row.analysisId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's location history (R-DATA-1: /api/locations/*). Records of analyses are written by the engine. */
export class LocationsService {
  constructor(private readonly repo: LocationsRepository) {}

  async create(user: User, input: LocationCreateRequest): Promise<Location> {
    const row = await this.repo.transaction(async (repo, tx) => {
      if (!(await lockUser(tx, user.id))) throw notFound('User not found.');
      return repo.insertAndTrim({
        userId: user.id,
        analysisId: null,
        locationName: input.location_name,
        lat: input.coordinates.lat,
        lng: input.coordinates.lng,
        address: input.address || null,
        municipality: null,
        neighbourhood: null,
        zip: null,
        source: input.source ?? MANUAL_SOURCE,
        confidence: input.confidence ?? 1,
      });
    });
    // A manual record has no analysis id, so the insert cannot conflict.
    return toLocation(row!);
  }

  async listMine(user: User, limit: number, offset: number): Promise<LocationsPage> {
    const [rows, total] = await Promise.all([this.repo.list(user.id, limit, offset), this.repo.count(user.id)]);
    return { locations: rows.map(toLocation), total };
  }
}
