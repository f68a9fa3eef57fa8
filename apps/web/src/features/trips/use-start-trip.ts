import { useCallback, useState } from 'react';
import { tripUploads } from './uploader';

/**
 * Starts a trip from several photos or a folder (R-TRIP-2), as the trips page, the map and Launch VT all do: the
 * photos are sent in the background (tripUploads), `onStarted` gets the new trip's id once the server made it, and a
 * refusal (no access, the weekly limit) is kept as `error` to show beside the drop zone.
 */
export function useStartTrip(onStarted: (tripId: string) => void) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(
    async (files: File[], folder: string | null) => {
      setStarting(true);
      setError(null);
      try {
        onStarted(await tripUploads.start(files, folder));
      } catch (e) {
        setError(e instanceof Error ? e.message : 'The trip could not be started.');
      } finally {
        setStarting(false);
      }
    },
    [onStarted],
  );
  return { start, starting, error, showError: setError };
}
