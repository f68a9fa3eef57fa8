import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TripDeletedSchema,
  TripEnvelopeSchema,
  TripListSchema,
  TripRefusalSchema,
  type Trip,
  type TripExportFormat,
} from '@vt/shared';
import { z } from 'zod';
import { apiDownload, apiGet, apiSend } from '../../lib/api-client';

export const TRIPS_KEY = ['trips'] as const;

/** The user's trips, newest first (R-TRIP-1). */
export function useTrips() {
  return useQuery({
    queryKey: TRIPS_KEY,
    queryFn: ({ signal }) => apiGet('/api/trips', TripListSchema, { signal }),
  });
}

export async function createTrip(name?: string): Promise<Trip> {
  return (await apiSend('POST', '/api/trips', name ? { name } : {}, TripEnvelopeSchema)).trip;
}

export async function fetchTrip(id: string, signal?: AbortSignal): Promise<Trip> {
  return (await apiGet(`/api/trips/${encodeURIComponent(id)}`, TripEnvelopeSchema, { signal })).trip;
}

/** Records the files kept back once the weekly limit was reached (R-TRIP-3). */
export async function recordOverLimit(tripId: string, fileNames: readonly string[]) {
  const out = [];
  // The server takes at most 1000 names a request.
  for (let i = 0; i < fileNames.length; i += 1000)
    out.push(
      ...(
        await apiSend(
          'POST',
          `/api/trips/${encodeURIComponent(tripId)}/over-limit`,
          { fileNames: fileNames.slice(i, i + 1000) },
          z.object({ refused: z.array(TripRefusalSchema) }),
        )
      ).refused,
    );
  return out;
}

export function useRenameTrip(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiSend('PATCH', `/api/trips/${encodeURIComponent(id)}`, { name }, TripEnvelopeSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: TRIPS_KEY }),
  });
}

export function useDeleteTrip() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend('DELETE', `/api/trips/${encodeURIComponent(id)}`, { confirm: true }, TripDeletedSchema),
    onSettled: () => client.invalidateQueries({ queryKey: TRIPS_KEY }),
  });
}

/** Downloads the trip as JSON, CSV or GeoJSON under the name the server gives it (R-TRIP-9). */
export function downloadTrip(id: string, format: TripExportFormat): Promise<void> {
  return apiDownload(`/api/trips/${encodeURIComponent(id)}/export.${format}`, `trip.${format}`);
}
