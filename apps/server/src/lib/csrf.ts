import type { FastifyInstance } from 'fastify';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for cookie-authenticated writes: an unsafe request must come from our own origin.
 * Browsers always send Origin on cross-site POSTs (and on same-origin fetch writes), so a missing
 * Origin with no Referer is refused too. The local identity provider's own forms are exempt (it
 * checks its own interaction cookies).
 */
export function installCsrfGuard(app: FastifyInstance, opts: { publicUrl: string }): void {
  const allowed = new Set([new URL(opts.publicUrl).origin]);
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method)) return;
    const path = request.url;
    if (path.startsWith('/local-idp/')) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    const hostOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin && (allowed.has(origin) || origin === hostOrigin)) return;
    return reply.status(403).send({
      error: { code: 'csrf', message: 'This request did not come from the Vision Terminal site and was refused.' },
    });
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
