import { Link, useLocation } from 'react-router';
import { isMapAccessRedirect } from './require-map-access';

/** Shown on /access-ai when the map sent the user here: why, and how to get in (R-ACCESS-10). */
export function MapAccessNotice() {
  const { state } = useLocation();
  if (!isMapAccessRedirect(state)) return null;
  return (
    <div
      role="alert"
      data-testid="map-access-required"
      className="mb-6 rounded-xl border border-warm/50 bg-warm/10 p-4 text-sm text-fg"
    >
      <p className="font-semibold text-warm">The map needs map access</p>
      <p className="mt-1 text-muted">
        Redeem an access code with map access in the form below and the map opens. Access codes come from Vision
        Terminal: ask your contact there, or write to us from the{' '}
        <Link to="/support" className="text-accent underline">
          support page
        </Link>
        . Until then you can analyse photos right here.
      </p>
    </div>
  );
}
