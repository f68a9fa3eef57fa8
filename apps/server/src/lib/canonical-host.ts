import type { FastifyInstance } from 'fastify';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const hostnameOf = (host: string) =>
  (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!).toLowerCase();

/**
 * Whether a page request for `requestHost` should first go to PUBLIC_URL's host: only between loopback names of
 * this machine (127.0.0.1 against localhost, either way). Sign-in cookies belong to one host, so a sign-in started
 * at 127.0.0.1 and returning to localhost cannot finish (issue 13). Other hosts are left alone on purpose: behind
 * a reverse proxy that rewrites Host (nginx's default sends the upstream's address), redirecting to the public URL
 * would come straight back with the same Host and loop.
 */
export function canonicalRedirectNeeded(requestHost: string | undefined, publicUrl: string): boolean {
  if (!requestHost) return false;
  const target = new URL(publicUrl);
  const asked = hostnameOf(requestHost);
  const wanted = hostnameOf(target.host);
  if (!LOOPBACK.has(asked) || !LOOPBACK.has(wanted)) return false;
  return requestHost.toLowerCase() !== target.host.toLowerCase();
}

/**
 * Sends page navigations (GET/HEAD outside /api) that arrived at another loopback name of this machine to the same
 * path on PUBLIC_URL, before any sign-in cookie is set on the wrong host. API calls are answered where they land.
 */
export function installCanonicalHost(app: FastifyInstance, opts: { publicUrl: string }): void {
  const base = opts.publicUrl.replace(/\/+$/, '');
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url === '/api' || request.url.startsWith('/api/')) return;
    if (!canonicalRedirectNeeded(request.headers.host, base)) return;
    return reply.redirect(`${base}${request.url}`, 307);
  });
}
