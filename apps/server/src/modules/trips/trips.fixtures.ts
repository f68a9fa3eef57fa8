import sharp from 'sharp';
import { TripSchema, type Trip, type TripStreamMessage } from '@vt/shared';
import type { TestBrowser } from '../../test/browser';

// Photos of a trip made at test time (nothing binary is kept in the repository), and the calls a browser makes.

const dms = (value: number) => {
  const abs = Math.abs(value);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 60 * 10000);
  return `${d}/1 ${m}/1 ${s}/10000`;
};

/**
 * A phone JPEG with camera (make, model, serial), time taken with its UTC offset, and a GPS fix when given, written
 * by libvips' EXIF writer. Random noise: every photo looks different, so the gallery recognises none in another.
 */
export async function tripPhoto(
  taken: string,
  position?: { lat: number; lng: number },
  opts: { model?: string; offset?: string; accuracyM?: number } = {},
): Promise<Buffer> {
  const exif: Record<string, Record<string, string>> = {
    IFD0: { Make: 'TripPhone', Model: opts.model ?? 'T 1' },
    IFD2: { DateTimeOriginal: taken, OffsetTimeOriginal: opts.offset ?? '-04:00', BodySerialNumber: 'SN-7' },
  };
  if (position)
    exif.IFD3 = {
      GPSLatitudeRef: 'N',
      GPSLatitude: dms(position.lat),
      GPSLongitudeRef: 'W',
      GPSLongitude: dms(-position.lng),
      GPSHPositioningError: `${Math.round((opts.accuracyM ?? 8) * 100)}/100`,
    };
  return sharp({
    create: {
      width: 320,
      height: 240,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg()
    .withExif(exif)
    .toBuffer();
}

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

/** A trip's SSE stream read as it arrives. */
export function readTripStream(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const messages: TripStreamMessage[] = [];
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, cut)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buffer = buffer.slice(cut + 2);
        if (data) messages.push(JSON.parse(data.slice(6)) as TripStreamMessage);
      }
    }
  })();
  return {
    messages,
    async until(check: () => boolean, timeoutMs = 60_000) {
      const stop = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > stop) throw new Error(`stream has only ${messages.map((m) => m.type).join(', ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    finished: pump,
    cancel: () => reader.cancel().catch(() => {}),
  };
}
