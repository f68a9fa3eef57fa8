import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LogoutResponse, SessionInfo } from '@vt/shared';
import { LoginError, type AuthService } from './auth.service';

export const SESSION_COOKIE = 'vt_session';
/** Binds a sign-in to the browser that started it (login CSRF); holds the OIDC state. */
export const LOGIN_COOKIE = 'vt_login';

export type AuthRoutesDeps = { authService: AuthService; publicUrl: string; signInPerMinute: number };

/**
 * /auth/login, /auth/callback and /auth/logout. GET /api/auth/session is declared with the API's routes (users module),
 * which answer it with `describeSession`.
 */
export function authRoutes(app: FastifyInstance, { authService, publicUrl, signInPerMinute }: AuthRoutesDeps): void {
  const secure = publicUrl.startsWith('https://');
  const SIGN_IN_RATE_LIMIT = { rateLimit: { max: signInPerMinute, timeWindow: '1 minute' } };

  app.get<{ Querystring: { returnTo?: string } }>(
    '/auth/login',
    { config: SIGN_IN_RATE_LIMIT },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { url, state } = await authService.startLogin(request.query.returnTo);
        reply.setCookie(LOGIN_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure, path: '/auth', maxAge: 600 });
        return reply.redirect(url, 302);
      } catch (error) {
        return failLogin(reply, error, request.log);
      }
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/auth/callback',
    { config: SIGN_IN_RATE_LIMIT },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = request.query;
      reply.clearCookie(LOGIN_COOKIE, { path: '/auth' });
      if (query.error) {
        return redirectWithError(
          reply,
          query.error,
          query.error_description ?? 'The sign-in provider reported an error.',
        );
      }
      try {
        const search = new URLSearchParams(request.url.split('?')[1] ?? '');
        const callbackUrl = new URL(`${publicUrl}/auth/callback?${search.toString()}`);
        const result = await authService.finishLogin({
          callbackUrl,
          state: query.state,
          browserState: request.cookies[LOGIN_COOKIE],
          previousToken: request.cookies[SESSION_COOKIE],
          host: request.host,
          userAgent: request.headers['user-agent'] ?? '',
          ip: request.ip,
        });
        reply.setCookie(SESSION_COOKIE, result.token, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/',
          expires: result.expiresAt,
        });
        return reply.redirect(result.returnTo, 302);
      } catch (error) {
        return failLogin(reply, error, request.log);
      }
    },
  );

  app.post('/auth/logout', async (request, reply): Promise<LogoutResponse> => {
    const result = await authService.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    reply.header('cache-control', 'no-store');
    return result;
  });
}

/**
 * What GET /api/auth/session answers: who is signed in, if anyone, and with which provider. A stale cookie is said
 * once: it goes with this answer, so the next load is a plain signed-out visit.
 */
export function describeSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { provider, secure }: { provider: SessionInfo['provider']; secure: boolean },
): SessionInfo {
  reply.header('cache-control', 'no-store');
  const auth = request.auth;
  const expired = auth.status === 'expired';
  if (expired) reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  return {
    authenticated: Boolean(request.user),
    expired,
    user: request.user,
    provider,
    expiresAt: auth.status === 'authenticated' ? auth.expiresAt.toISOString() : null,
  };
}

function failLogin(reply: FastifyReply, error: unknown, log: FastifyInstance['log']) {
  if (error instanceof LoginError) {
    log.warn({ err: error.cause ?? error, code: error.code }, 'sign-in failed');
    return redirectWithError(reply, error.code, error.description);
  }
  log.error({ err: error }, 'sign-in failed');
  return redirectWithError(reply, 'sign_in_failed', 'Sign-in failed. Please try again.');
}

/** Back to the home page with `error`/`error_description`, which the web app shows as the Auth Error state. */
function redirectWithError(reply: FastifyReply, code: string, description: string) {
  const params = new URLSearchParams({ error: code.slice(0, 100), error_description: description.slice(0, 300) });
  return reply.redirect(`/?${params.toString()}`, 302);
}
