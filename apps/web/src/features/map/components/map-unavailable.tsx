import { ButtonLink } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/logo';

/** The spec's blocking screen when the style is missing or the map fails (R-MAP-7). */
export function MapUnavailable({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="absolute inset-0 z-30 flex flex-col items-center justify-center bg-bg px-6 text-center"
    >
      <LogoMark className="size-12" />
      <h1 className="mt-5 text-2xl font-bold">Map Temporarily Unavailable</h1>
      <p className="mt-3 max-w-md text-sm text-muted" data-testid="map-error">
        {message}
      </p>
      <ButtonLink to="/dashboard" className="mt-7">
        Return to Dashboard
      </ButtonLink>
    </div>
  );
}
