import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { LogoMark } from '../components/ui/logo';

/** Shown when a page throws or its code cannot load (e.g. after a deploy replaced the chunks). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  console.error(error);
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-bg px-6 text-center">
      <title>Something went wrong · Vision Terminal</title>
      <LogoMark className="size-12" />
      <h1 className="mt-5 text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-muted">This page could not be shown. Reloading usually fixes it.</p>
      {detail && <p className="mt-3 max-w-md font-mono text-xs break-words text-subtle">{detail}</p>}
      <div className="mt-7 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <a href="/" className="inline-flex h-10 items-center rounded-lg border border-line px-4 text-sm font-semibold">
          Return Home
        </a>
      </div>
    </div>
  );
}
