import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TripExportFormat, TripPhoto } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Page } from '../../../components/ui/page';
import { useSession } from '../../auth/session';
import { downloadTrip, useDeleteTrip, useRenameTrip } from '../api';
import { startedText, takenRange, tripRows } from '../model';
import { tripUploads, useTripUpload } from '../uploader';
import { useTripStream } from '../use-trip-stream';
import { DeleteTripDialog } from './delete-trip-dialog';
import { TripDropZone } from './trip-drop-zone';
import { TripPhotoList } from './trip-photo-list';
import { TripProgressBar } from './trip-progress-bar';

/** What the page hands the map it is given (the map feature draws it; this feature has no map library). */
export type TripMapProps = {
  photos: readonly TripPhoto[];
  selectedId: string | null;
  onSelect(analysisId: string): void;
};

const FORMATS: Array<{ format: TripExportFormat; label: string }> = [
  { format: 'json', label: 'JSON' },
  { format: 'csv', label: 'CSV' },
  { format: 'geojson', label: 'GeoJSON' },
];

/**
 * /trips/:id: one trip's progress view (R-TRIP-4): every photo's state in words, the map filling in as results
 * arrive, and the trip's own actions (rename, add photos, export, delete).
 */
export function TripScreen({ tripId, renderMap }: { tripId: string; renderMap?: (props: TripMapProps) => ReactNode }) {
  const live = useTripStream(tripId);
  const session = useTripUpload(tripId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const trip = live.trip;
  const { user } = useSession();

  if (live.status === 'deleted')
    return (
      <Page title="Trip deleted" className="py-8 sm:py-12">
        <Card className="text-center" role="status">
          <p className="font-medium text-fg">This trip was deleted.</p>
          <Link to="/trips" className="mt-3 inline-block text-sm text-accent underline">
            All trips
          </Link>
        </Card>
      </Page>
    );
  if (!trip)
    return (
      <Page title="Trip" className="py-8 sm:py-12">
        <BackLink />
        {live.status === 'error' ? (
          <ErrorAlert message={live.error ?? 'The trip could not be loaded.'} onRetry={live.retry} />
        ) : (
          <p role="status" className="text-sm text-muted">
            Loading the trip...
          </p>
        )}
      </Page>
    );

  const rows = tripRows(trip, session);
  const mapped = trip.photos.filter((p) => p.place && (p.state === 'placed' || p.state === 'outside'));
  return (
    <Page title={trip.name} className="py-6 sm:py-10">
      <BackLink />
      <TripHeader tripId={tripId} name={trip.name} subtitle={subtitleOf(trip, user?.timeZone)} />
      {live.status === 'reconnecting' && (
        <p role="status" className="mb-3 text-sm text-warm">
          Reconnecting to the live view...
        </p>
      )}
      {live.status === 'error' && (
        <div className="mb-4">
          <ErrorAlert message={live.error ?? 'The live view stopped.'} onRetry={live.retry} />
        </div>
      )}
      {session?.error && (
        <div className="mb-4">
          <ErrorAlert
            message={`Sending stopped: ${session.error.message}`}
            onRetry={session.error.canRetry ? () => tripUploads.retry(tripId) : undefined}
            testId="trip-upload-error"
          />
        </div>
      )}

      <div className="mb-6">
        <TripProgressBar counts={trip.counts} session={session} />
      </div>

      {rows.length === 0 ? (
        <div data-testid="trip-empty">
          <TripDropZone
            title="This trip has no photos yet: drop a folder or several photos here"
            onPhotos={(files) => tripUploads.add(tripId, files, trip.maxFilesPerRequest)}
          />
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section
            aria-label="Map of the trip"
            className="relative h-72 overflow-hidden rounded-xl border border-line bg-raised sm:h-96 lg:h-[34rem]"
          >
            {renderMap?.({ photos: trip.photos, selectedId, onSelect: setSelectedId })}
            {mapped.length === 0 && (
              <p className="pointer-events-none absolute inset-x-3 top-3 rounded-md bg-bg/85 px-3 py-2 text-sm text-muted">
                The photos appear here as they are placed.
              </p>
            )}
          </section>
          <section aria-label="Photos" className="min-w-0 rounded-xl border border-line bg-surface">
            <h2 className="border-b border-line px-3 py-2 text-sm font-semibold">
              Photos <span className="font-normal text-subtle">({rows.length})</span>
            </h2>
            <TripPhotoList
              rows={rows}
              selectedId={selectedId}
              onSelect={setSelectedId}
              className="max-h-[28rem] overflow-y-auto lg:max-h-[31rem]"
            />
          </section>
        </div>
      )}

      {rows.length > 0 && (
        <div className="mt-6">
          <TripDropZone
            compact
            title="Add photos to this trip"
            onPhotos={(files) => tripUploads.add(tripId, files, trip.maxFilesPerRequest)}
          />
        </div>
      )}
      <TripActions tripId={tripId} trip={trip} />
    </Page>
  );
}

function subtitleOf(
  trip: { createdAt: string; takenFrom: string | null; takenTo: string | null },
  timeZone: string | undefined,
) {
  const taken = takenRange(trip.takenFrom, trip.takenTo);
  return `${taken ? `${taken} · ` : ''}${startedText(trip.createdAt, timeZone, true)}`;
}

function BackLink() {
  return (
    <Link to="/trips" className="mb-4 inline-block text-sm text-accent underline hover:text-accent-strong">
      ← All trips
    </Link>
  );
}

/** The name, and renaming it in place (Enter saves, Escape cancels). */
function TripHeader({ tripId, name, subtitle }: { tripId: string; name: string; subtitle: string }) {
  const rename = useRenameTrip(tripId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(draft, { onSuccess: () => setEditing(false) });
  };
  return (
    <header className="mb-5">
      {editing ? (
        <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
          <label htmlFor="trip-name" className="sr-only">
            Trip name
          </label>
          <input
            id="trip-name"
            value={draft}
            maxLength={120}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(false);
            }}
            className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-raised px-3 text-lg font-semibold text-fg"
          />
          <Button type="submit" size="sm" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">{name}</h1>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft(name);
              rename.reset();
              setEditing(true);
            }}
          >
            Rename
          </Button>
        </div>
      )}
      {rename.isError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {rename.error.message}
        </p>
      )}
      <p className="mt-1 text-sm text-subtle">{subtitle}</p>
    </header>
  );
}

function TripActions({ tripId, trip }: { tripId: string; trip: Parameters<typeof DeleteTripDialog>[0]['trip'] }) {
  const navigate = useNavigate();
  const remove = useDeleteTrip();
  const [confirming, setConfirming] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  return (
    <section aria-label="Trip actions" className="mt-8 flex flex-wrap items-center gap-3 border-t border-line pt-5">
      <span className="text-sm text-muted">Export:</span>
      {FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          onClick={() => {
            setExportError(null);
            downloadTrip(tripId, format).catch((e: unknown) =>
              setExportError(e instanceof Error ? e.message : 'The export failed.'),
            );
          }}
        >
          {label}
        </Button>
      ))}
      <Button
        variant="ghost"
        size="sm"
        className="text-danger sm:ml-auto"
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        Delete trip
      </Button>
      {exportError && (
        <p role="alert" className="w-full text-sm text-danger">
          {exportError}
        </p>
      )}
      <DeleteTripDialog
        trip={trip}
        open={confirming}
        pending={remove.isPending}
        error={remove.isError ? remove.error.message : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(tripId, {
            onSuccess: () => {
              setConfirming(false);
              void navigate('/trips');
            },
          })
        }
      />
    </section>
  );
}
