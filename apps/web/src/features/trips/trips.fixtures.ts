import type { Trip, TripPhoto } from '@vt/shared';
import { countsOf } from './model';

// Trips as the server sends them, for the trips feature's tests.

/** A trip photo with id `id`, queued and not read yet unless `over` says otherwise. */
export const tripPhoto = (id: string, over: Partial<TripPhoto> = {}): TripPhoto => ({
  analysisId: id,
  photoId: `p-${id}`,
  fileName: `${id}.jpg`,
  state: 'queued',
  takenAt: null,
  takenAtOffset: null,
  camera: null,
  thumbnailUrl: null,
  place: null,
  placedBy: null,
  neighbours: [],
  summary: null,
  error: null,
  ...over,
});

/** Trip t1 holding `photos`, its counts made from them and from what `over` says was refused. */
export function tripOf(photos: TripPhoto[], over: Partial<Omit<Trip, 'photos' | 'counts'>> = {}): Trip {
  const refused = over.refused ?? [];
  return {
    id: 't1',
    name: 'Trip',
    createdAt: '2026-03-09T10:00:00Z',
    updatedAt: '2026-03-09T10:00:00Z',
    takenFrom: null,
    takenTo: null,
    maxFilesPerRequest: 10,
    ...over,
    photos,
    refused,
    counts: countsOf(photos, refused.length),
  };
}
