import { LogoMark } from './logo';

/** The branded screen shown while the session (or a protected page) loads. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-5 px-6 text-center"
    >
      <div className="relative">
        <LogoMark className="size-14" />
        <span
          aria-hidden="true"
          className="absolute -inset-2 rounded-2xl border border-accent/30 motion-safe:animate-ping"
        />
      </div>
      <p className="text-sm text-muted">{label}</p>
    </div>
  );
}
