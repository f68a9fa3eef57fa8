const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const hostnameOf = (host: string) =>
  (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!).toLowerCase();

/**
 * Whether a page opened at `currentHost` should first move to PUBLIC_URL's host: only between loopback names of
 * this machine (127.0.0.1 against localhost, either way). Sign-in cookies belong to one host, so a sign-in started
 * at 127.0.0.1 and returning to localhost cannot finish (issue 13). Other hosts are left alone on purpose: behind a
 * reverse proxy that rewrites Host, a move to the public URL could come straight back and loop.
 */
export function canonicalMoveNeeded(currentHost: string | undefined, publicUrl: string): boolean {
  if (!currentHost) return false;
  const target = new URL(publicUrl);
  if (!LOOPBACK.has(hostnameOf(currentHost)) || !LOOPBACK.has(hostnameOf(target.host))) return false;
  return currentHost.toLowerCase() !== target.host.toLowerCase();
}

/** The meta tag the server puts in the page so the browser knows PUBLIC_URL's origin before anything else runs. */
export const PUBLIC_ORIGIN_META = 'vt-public-origin';
