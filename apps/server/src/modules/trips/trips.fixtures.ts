import { TripSchema, type Trip, type TripStreamMessage } from '@vt/shared';
import type { TestBrowser } from '../../test/browser';
import { readSse } from '../../test/sse';
import { phonePhoto } from '../analyses/photos.fixtures';

// Photos of a trip made at test time (nothing binary is kept in the repository), and the calls a browser makes.

/** A trip's phone photo: the TripPhone camera (serial SN-7), time taken with its UTC offset, GPS when given. */
export const tripPhoto = (
  taken: string,
  position?: { lat: number; lng: number },
  opts: { model?: string; offset?: string; accuracyM?: number } = {},
): Promise<Buffer> => phonePhoto(taken, position, { make: 'TripPhone', ...opts });

export async function createTrip(browser: TestBrowser, name?: string): Promise<Trip> {
  const res = await browser.api('/api/trips', { method: 'POST', body: name === undefined ? {} : { name } });
  if (res.status !== 201) throw new Error(`create trip: ${res.status} ${JSON.stringify(res.body)}`);
  return TripSchema.parse(res.body.trip);
}

/** POST /api/trips/:id/photos as the browser sends it (multipart, same-origin). */
export async function sendToTrip(
  browser: TestBrowser,
  tripId: string,
  files: { name: string; data: Buffer | Uint8Array }[],
) {
  const form = new FormData();
  for (const f of files) form.append('photo', new Blob([f.data], { type: 'application/octet-stream' }), f.name);
  const response = await browser.fetch(`/api/trips/${tripId}/photos`, {
    method: 'POST',
    body: form,
    headers: { origin: new URL(browser.baseUrl).origin },
  });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read several response shapes
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined };
}

export async function getTrip(browser: TestBrowser, tripId: string): Promise<Trip> {
  const res = await browser.api(`/api/trips/${tripId}`);
  if (res.status !== 200) throw new Error(`get trip: ${res.status} ${JSON.stringify(res.body)}`);
  return TripSchema.parse(res.body.trip);
}

/** Polls the trip until `check` holds (every photo settled, say). */
export async function waitForTrip(
  browser: TestBrowser,
  tripId: string,
  check: (trip: Trip) => boolean,
  timeoutMs = 60_000,
): Promise<Trip> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const trip = await getTrip(browser, tripId);
    if (check(trip)) return trip;
    if (Date.now() > until)
      throw new Error(`trip not there yet: ${trip.photos.map((p) => `${p.fileName}:${p.state}`).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every photo finished (none queued or being read). */
export const settled = (trip: Trip) =>
  trip.photos.length > 0 && trip.photos.every((p) => p.state !== 'queued' && p.state !== 'reading');

/** A trip's SSE stream read as it arrives (a trip of many photos may take a minute under load). */
export const readTripStream = (response: Response) => readSse<TripStreamMessage>(response, 60_000);
