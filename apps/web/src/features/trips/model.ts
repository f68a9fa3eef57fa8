import type { Trip, TripCounts, TripPhoto } from '@vt/shared';
import { formatInZone } from '../../lib/time-zone';
import type { UploadSession } from './uploader';

/** The badge colours of the app (components/ui/badge). */
export type RowTone = 'neutral' | 'accent' | 'warm' | 'ok' | 'danger';

/** One line of a trip's progress view: a file, wherever it is on its way, in words (R-TRIP-4). */
export type TripRow = {
  key: string;
  fileName: string;
  status: string;
  /** How it was placed (naming the neighbours), why it failed or was refused. */
  detail: string | null;
  tone: RowTone;
  /** Still on its way (waiting, uploading, queued, reading). */
  busy: boolean;
  /** The server's view of it, once it is an analysis. */
  photo: TripPhoto | null;
};

/** A photo's state in words, with how it was placed. */
export function describePhoto(p: TripPhoto): Pick<TripRow, 'status' | 'detail' | 'tone' | 'busy'> {
  switch (p.state) {
    case 'queued':
      return { status: 'Queued', detail: null, tone: 'neutral', busy: true };
    case 'reading':
      return { status: 'Reading', detail: null, tone: 'accent', busy: true };
    case 'placed':
      return {
        status:
          p.placedBy === 'gps' ? 'Placed by its GPS' : p.placedBy === 'sequence' ? 'Placed from neighbours' : 'Placed',
        // The badge says it all for the photo's own GPS; the others say how (naming the neighbours).
        detail: p.placedBy === 'gps' ? null : p.summary,
        tone: 'ok',
        busy: false,
      };
    case 'outside':
      return { status: 'Outside Miami-Dade', detail: p.summary, tone: 'warm', busy: false };
    case 'not_located':
      return {
        status: 'Not located',
        detail: 'Nothing in the photo or around it in time says where it was taken.',
        tone: 'warm',
        busy: false,
      };
    case 'failed':
      return { status: 'Failed', detail: p.error, tone: 'danger', busy: false };
  }
}

/**
 * The rows of a trip's view: its photos as the server has them (in the order they were taken), then the files this
 * tab is still sending, then the files that were not analysed, with the server's reason.
 */
export function tripRows(trip: Trip | null, session: UploadSession | undefined): TripRow[] {
  const rows: TripRow[] = (trip?.photos ?? []).map((p) => ({
    key: p.analysisId,
    fileName: p.fileName,
    photo: p,
    ...describePhoto(p),
  }));
  const known = new Set(trip?.photos.map((p) => p.analysisId));
  const refusedHere: string[] = [];
  for (const f of session?.files ?? []) {
    if (f.state === 'sent' && f.analysisId && known.has(f.analysisId)) continue;
    if (f.state === 'refused') {
      refusedHere.push(f.fileName);
      rows.push({
        key: f.key,
        fileName: f.fileName,
        status: 'Not analysed',
        detail: f.message,
        tone: 'danger',
        busy: false,
        photo: null,
      });
      continue;
    }
    rows.push({
      key: f.key,
      fileName: f.fileName,
      status: f.state === 'waiting' ? 'Waiting to upload' : f.state === 'uploading' ? 'Uploading' : 'Queued',
      detail: null,
      tone: f.state === 'uploading' ? 'accent' : 'neutral',
      busy: true,
      photo: null,
    });
  }
  // The trip's own record of refusals (other tabs, other devices, earlier visits), less what this tab shows already.
  for (const [i, r] of (trip?.refused ?? []).entries()) {
    const shown = refusedHere.indexOf(r.fileName);
    if (shown >= 0) {
      refusedHere.splice(shown, 1);
      continue;
    }
    rows.push({
      key: `refused-${i}`,
      fileName: r.fileName,
      status: 'Not analysed',
      detail: r.message,
      tone: 'danger',
      busy: false,
      photo: null,
    });
  }
  return rows;
}

/** The counts of a trip from its photos (a streamed photo changes them before the next snapshot). */
export function countsOf(photos: readonly TripPhoto[], refused: number): TripCounts {
  const count = (f: (p: TripPhoto) => boolean) => photos.filter(f).length;
  return {
    photos: photos.length,
    queued: count((p) => p.state === 'queued'),
    reading: count((p) => p.state === 'reading'),
    placed: count((p) => p.state === 'placed'),
    placedFromNeighbours: count((p) => p.state === 'placed' && p.placedBy === 'sequence'),
    notLocated: count((p) => p.state === 'not_located'),
    outside: count((p) => p.state === 'outside'),
    failed: count((p) => p.state === 'failed'),
    refused,
  };
}

/** The trip with one photo as it now stands (replaced where it was, or added in the order of when it was taken). */
export function withPhoto(trip: Trip, photo: TripPhoto): Trip {
  const at = trip.photos.findIndex((p) => p.analysisId === photo.analysisId);
  let photos: TripPhoto[];
  if (at >= 0) photos = trip.photos.map((p, i) => (i === at ? photo : p));
  else {
    const next = trip.photos.findIndex(
      (p) => photo.takenAt !== null && (p.takenAt === null || p.takenAt > photo.takenAt),
    );
    photos = next < 0 ? [...trip.photos, photo] : [...trip.photos.slice(0, next), photo, ...trip.photos.slice(next)];
  }
  return { ...trip, photos, counts: countsOf(photos, trip.refused.length) };
}

/** "12 of 30 placed · 3 from neighbours · 1 not analysed": the trip in one line. */
export function progressLine(counts: TripCounts, session?: UploadSession): string {
  const sending = session?.files.filter((f) => f.state === 'waiting' || f.state === 'uploading').length ?? 0;
  const total = counts.photos + sending;
  const parts = [`${counts.placed} of ${total} placed`];
  if (counts.placedFromNeighbours) parts.push(`${counts.placedFromNeighbours} from neighbours`);
  if (sending) parts.push(`${sending} still to upload`);
  const working = counts.queued + counts.reading;
  if (working) parts.push(`${working} in the queue`);
  if (counts.notLocated) parts.push(`${counts.notLocated} not located`);
  if (counts.outside) parts.push(`${counts.outside} outside Miami-Dade`);
  if (counts.failed) parts.push(`${counts.failed} failed`);
  const refused = Math.max(counts.refused, session?.files.filter((f) => f.state === 'refused').length ?? 0);
  if (refused) parts.push(`${refused} not analysed`);
  return parts.join(' · ');
}

/** "9–10 Mar 2024": when a trip's photos were taken, by their camera's clock. */
export function takenRange(from: string | null, to: string | null): string | null {
  if (!from) return null;
  const day = (s: string) =>
    new Date(`${s.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const a = day(from);
  const b = to ? day(to) : a;
  return a === b ? `Taken ${a}` : `Taken ${a} – ${b}`;
}

/**
 * "started 26 Nov 2026" (with `withTime`, "started 26 Nov 2026, 21:14 GMT-5"): when the trip was created, in the
 * user's time zone, the same day its default name ("Trip of 26 Nov 2026") was given by the server. The browser's own
 * zone would show another day for the evening hours of a user whose browser is elsewhere.
 */
export function startedText(iso: string, timeZone: string | undefined, withTime = false): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : {}),
  };
  const text = formatInZone(new Date(iso), options, timeZone, 'en-GB');
  // The time and its zone stay on one line on a phone ("00:32 GMT-5" broke after its hyphen).
  return `started ${text.replace(/(\d\d:\d\d) (\S+)$/, (_, time: string, zone: string) => `${time}\u00a0${zone.replace(/-/g, '\u2011')}`)}`;
}
