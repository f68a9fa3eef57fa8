import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useMyLimits } from '../api';

/** Router state /access-ai reads to explain why the map sent the user there. */
export type MapAccessRedirectState = { mapAccessRequired: true; from: string };

export const isMapAccessRedirect = (state: unknown): state is MapAccessRedirectState =>
  typeof state === 'object' && state !== null && (state as { mapAccessRequired?: unknown }).mapAccessRequired === true;

/**
 * Route guard for the map portal (R-ACCESS-10): it needs map access from an access code (founders have it).
 * Without it the user lands on /access-ai, which analyses the same photos and says how to get the map. The server
 * refuses the map's own calls on its own; this guard only spares the user a screen that could not work.
 */
export function RequireMapAccess() {
  const limits = useMyLimits();
  const location = useLocation();
  if (limits.isPending) return <LoadingScreen label="Checking your map access..." />;
  // Limits that cannot be read decide nothing here: the map opens and the server still says no where it must.
  if (limits.isSuccess && !limits.data.mapAccess) {
    const state: MapAccessRedirectState = { mapAccessRequired: true, from: location.pathname };
    return <Navigate to="/access-ai" replace state={state} />;
  }
  return <Outlet />;
}
