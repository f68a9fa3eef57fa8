import { useEffect, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TripStreamMessageSchema, type Trip, type TripStreamMessage } from '@vt/shared';
import { ApiRequestError } from '../../lib/api-client';
import { TRIPS_KEY, fetchTrip } from './api';
import { withPhoto } from './model';

export type TripStreamState = {
  trip: Trip | null;
  /** connecting: nothing yet; live: the stream is open; reconnecting: it dropped and the browser is back at it. */
  status: 'connecting' | 'live' | 'reconnecting' | 'error' | 'deleted';
  error: string | null;
};

type Action =
  | { type: 'message'; message: TripStreamMessage }
  | { type: 'open' }
  | { type: 'dropped' }
  | { type: 'error'; message: string }
  | { type: 'reset' };

const INITIAL: TripStreamState = { trip: null, status: 'connecting', error: null };

export function reduceTripStream(state: TripStreamState, action: Action): TripStreamState {
  switch (action.type) {
    case 'reset':
      return INITIAL;
    case 'open':
      return { ...state, status: 'live', error: null };
    case 'dropped':
      return state.status === 'deleted' || state.status === 'error' ? state : { ...state, status: 'reconnecting' };
    case 'error':
      return { ...state, status: 'error', error: action.message };
    case 'message': {
      const m = action.message;
      if (m.type === 'snapshot') return { trip: m.trip, status: 'live', error: null };
      if (m.type === 'deleted') return { ...state, status: 'deleted' };
      // A photo before the first snapshot is in the snapshot that follows.
      return state.trip ? { ...state, trip: withPhoto(state.trip, m.photo) } : state;
    }
  }
}

/**
 * One trip, live (R-TRIP-4): its snapshot and then each photo as it moves on, from GET /api/trips/:id/events. The
 * browser reconnects by itself; each connection starts with a fresh snapshot. A stream refused for good (a trip
 * that is not there, a lost session) is asked once more as a plain request, for the server's own words.
 */
export function useTripStream(tripId: string | null): TripStreamState & { retry(): void } {
  const [state, dispatch] = useReducer(reduceTripStream, INITIAL);
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  const client = useQueryClient();

  useEffect(() => {
    if (!tripId) return;
    dispatch({ type: 'reset' });
    const abort = new AbortController();
    const source = new EventSource(`/api/trips/${encodeURIComponent(tripId)}/events`, { withCredentials: true });
    const onMessage = (event: MessageEvent<string>) => {
      const parsed = TripStreamMessageSchema.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      dispatch({ type: 'message', message: parsed.data });
      if (parsed.data.type === 'deleted') source.close();
    };
    for (const type of ['snapshot', 'photo', 'deleted']) source.addEventListener(type, onMessage);
    source.onopen = () => dispatch({ type: 'open' });
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return dispatch({ type: 'dropped' });
      // Refused (404, 401): the plain request says why, in the server's words.
      fetchTrip(tripId, abort.signal)
        .then(() => dispatch({ type: 'error', message: 'The trip’s live view stopped. Retry to reconnect.' }))
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          dispatch({
            type: 'error',
            message:
              error instanceof ApiRequestError && error.status === 404
                ? 'This trip does not exist, or it is not yours.'
                : error instanceof Error
                  ? error.message
                  : 'The trip could not be loaded.',
          });
        });
    };
    return () => {
      abort.abort();
      source.close();
      // The list's counts changed while this trip was watched.
      void client.invalidateQueries({ queryKey: TRIPS_KEY });
    };
  }, [tripId, attempt, client]);

  return { ...state, retry };
}
