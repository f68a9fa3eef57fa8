import { Link, useNavigate } from 'react-router';
import type { TripSummary } from '@vt/shared';
import { Card } from '../../../components/ui/card';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Page, PageHeader } from '../../../components/ui/page';
import { useTrips } from '../api';
import { useSession } from '../../auth/session';
import { progressLine, startedText, takenRange } from '../model';
import { useStartTrip } from '../use-start-trip';
import { TripDropZone } from './trip-drop-zone';

/** /trips: every trip of the user, newest first, and a new one from a folder or several photos (R-TRIP-1). */
export function TripsScreen() {
  const trips = useTrips();
  const { user } = useSession();
  const navigate = useNavigate();
  const { start, starting, error } = useStartTrip((id) => void navigate(`/trips/${id}`));

  return (
    <Page title="Trips" className="py-8 sm:py-12">
      <PageHeader
        eyebrow="Vision Terminal"
        title="Trips"
        lead="A trip is a set of photos uploaded together: a folder from a day out, a walk, a drive. Photos without GPS are placed from the ones taken just before and after them."
      />
      <div className="mb-8">
        <TripDropZone busy={starting} onPhotos={(files, folder) => void start(files, folder)} />
        {error && (
          <div className="mt-3">
            <ErrorAlert message={error} />
          </div>
        )}
      </div>

      <h2 className="mb-3 text-sm font-semibold tracking-wide text-subtle uppercase">Your trips</h2>
      {trips.isPending ? (
        <p className="text-sm text-muted" role="status">
          Loading trips...
        </p>
      ) : trips.isError ? (
        <ErrorAlert message={trips.error.message} onRetry={() => void trips.refetch()} />
      ) : trips.data.trips.length === 0 ? (
        <Card className="text-center" data-testid="trips-empty">
          <p className="font-medium text-fg">No trips yet</p>
          <p className="mt-1 text-sm text-muted">
            Drop a folder of photos above, or several photos on the map or on Launch VT, to start one.
          </p>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="trips-list">
          {trips.data.trips.map((trip) => (
            <TripCard key={trip.id} trip={trip} timeZone={user?.timeZone} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function TripCard({ trip, timeZone }: { trip: TripSummary; timeZone: string | undefined }) {
  const taken = takenRange(trip.takenFrom, trip.takenTo);
  return (
    <li>
      <Link
        to={`/trips/${trip.id}`}
        className="block rounded-xl border border-line bg-surface p-4 transition-colors hover:border-accent/60"
      >
        <p className="truncate font-semibold text-fg">{trip.name}</p>
        <p className="mt-1 text-xs text-subtle">
          {trip.counts.photos} {trip.counts.photos === 1 ? 'photo' : 'photos'}
          {taken ? ` · ${taken}` : ''} · {startedText(trip.createdAt, timeZone)}
        </p>
        <p className="mt-2 text-sm text-muted">{progressLine(trip.counts)}</p>
      </Link>
    </li>
  );
}
