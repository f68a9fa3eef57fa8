import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { cx } from '../../../components/ui/cx';
import { tripRows } from '../model';
import { tripUploads, useTripUpload } from '../uploader';
import type { TripStreamState } from '../use-trip-stream';
import { TripPhotoList } from './trip-photo-list';
import { TripProgressBar } from './trip-progress-bar';

/**
 * A trip's progress in a side panel (the map's, R-TRIP-4): its name, how far it is, and its photos in words; the
 * trip's own page has the rest.
 */
export function TripPanel({
  tripId,
  live,
  selectedId,
  onSelect,
  onClose,
}: {
  tripId: string;
  live: TripStreamState & { retry(): void };
  selectedId: string | null;
  onSelect(analysisId: string): void;
  onClose(): void;
}) {
  const session = useTripUpload(tripId);
  const trip = live.trip;
  // On a phone the list gives way to the map until asked for; from the small breakpoint up it is always there.
  const [listOpen, setListOpen] = useState(false);
  const rows = tripRows(trip, session);
  return (
    <section aria-label="Trip" className="flex min-h-0 flex-col gap-3" data-testid="trip-panel">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-subtle uppercase">Trip</p>
          <h2 className="truncate text-sm font-semibold text-fg">{trip?.name ?? 'Starting...'}</h2>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the trip">
          ✕
        </Button>
      </div>
      {live.status === 'error' && (
        <ErrorAlert compact message={live.error ?? 'The live view stopped.'} onRetry={live.retry} />
      )}
      {session?.error && (
        <ErrorAlert
          compact
          message={`Sending stopped: ${session.error.message}`}
          onRetry={session.error.canRetry ? () => tripUploads.retry(tripId) : undefined}
        />
      )}
      {trip && <TripProgressBar counts={trip.counts} session={session} />}
      <Button
        variant="secondary"
        size="sm"
        className="sm:hidden"
        aria-expanded={listOpen}
        aria-controls="trip-panel-photos"
        onClick={() => setListOpen(!listOpen)}
      >
        {listOpen ? 'Hide the photos' : `Show the photos (${rows.length})`}
      </Button>
      <div
        id="trip-panel-photos"
        className={cx(
          'max-h-[40vh] min-h-0 overflow-y-auto rounded-lg border border-line sm:block sm:max-h-[45vh]',
          !listOpen && 'hidden',
        )}
      >
        <TripPhotoList rows={rows} selectedId={selectedId} onSelect={onSelect} />
      </div>
      <Link to={`/trips/${tripId}`} className="text-sm text-accent underline hover:text-accent-strong">
        Open the trip’s page (export, rename, delete)
      </Link>
    </section>
  );
}
