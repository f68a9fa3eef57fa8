import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionInfo } from '@vt/shared';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { UserAccounts } from './ports';
import { AuthRepository } from './auth.repository';
import { authRoutes, describeSession, SESSION_COOKIE } from './auth.routes';
import { AuthService } from './auth.service';
import type { AuthState } from './guards';
import { LOCAL_IDENTITY_ISSUER, LOCAL_SEED_ACCOUNTS, localSubject } from './local-accounts';
import { mountLocalIdp } from './local-idp';
import { OidcClient, type OidcClientSettings } from './oidc-client';

export type AuthDeps = { config: Config; database: Database; usersService: UserAccounts };

/** What GET /api/auth/session answers this request (describeSession with this app's provider). */
export type SessionDescriber = (request: FastifyRequest, reply: FastifyReply) => SessionInfo;

const ANONYMOUS: AuthState = { status: 'anonymous' };
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Sign-in for the whole app: the built-in local provider when no OIDC_ISSUER_URL is set, one relying-party
 * client for whichever provider is configured, server-side sessions, and `request.user` for every
 * /api and /auth request (see guards.ts).
 */
export async function registerAuth(
  app: FastifyInstance,
  { config, database, usersService }: AuthDeps,
): Promise<{ authService: AuthService; describeSession: SessionDescriber }> {
  const postLogoutRedirectUri = `${config.publicUrl}/`;
  const redirectUri = `${config.publicUrl}/auth/callback`;
  let settings: OidcClientSettings;
  let identityIssuer: string;
  let provider: SessionInfo['provider'];

  if (config.oidc.kind === 'local') {
    const idp = await mountLocalIdp(app, {
      publicUrl: config.publicUrl,
      sessionSecret: config.sessionSecret,
      dataDir: config.dataDir,
      trustProxy: config.trustProxy,
    });
    settings = {
      issuerUrl: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: config.oidc.scopes,
      redirectUri,
      postLogoutRedirectUri,
    };
    identityIssuer = LOCAL_IDENTITY_ISSUER;
    provider = { kind: 'local', issuer: idp.issuer, name: 'Local sign-in (development)' };
    await usersService.seedSystemUsers(
      LOCAL_IDENTITY_ISSUER,
      LOCAL_SEED_ACCOUNTS.map((a) => ({ subject: localSubject(a.email), email: a.email, name: a.name })),
    );
  } else {
    const { issuerUrl, clientId, clientSecret, scopes } = config.oidc;
    settings = { issuerUrl, clientId, clientSecret, scopes, redirectUri, postLogoutRedirectUri };
    identityIssuer = issuerUrl;
    provider = { kind: 'external', issuer: issuerUrl, name: new URL(issuerUrl).host };
  }

  const authService = new AuthService(new AuthRepository(database.db), usersService, new OidcClient(settings), {
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    identityIssuer,
    cacheTtlMs: config.sessionCacheMs,
  });
  // Listening before requests are taken, so no sign-out in another process goes unheard.
  const unshare = await authService.shareInvalidations(app.pubsub, (message, details) =>
    app.log.warn(details, message),
  );
  app.addHook('onClose', () => unshare().catch(() => {}));

  app.decorateRequest('user', null);
  app.decorateRequest<AuthState | null>('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = ANONYMOUS;
    // Pages and assets never need the user; skip the database for them.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/auth/')) return;
    // The health probe must answer (and say what is down) even when sessions cannot be read.
    if (request.url === '/api/health' || request.url.startsWith('/api/health?')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await authService.resolveSession(token, { fresh: UNSAFE_METHODS.has(request.method) });
    if (resolved.status === 'authenticated') {
      request.user = resolved.user;
      request.auth = { status: 'authenticated', sessionId: resolved.sessionId, expiresAt: resolved.expiresAt };
    } else {
      request.auth = { status: 'expired' };
    }
  });

  // A write may change the signed-in user's row or sessions (profile, access codes, account deletion): the
  // cached session goes before the answer leaves, so the browser's next request sees the change. Admin writes
  // may change anyone. Another process's writes show once the cache entry's few seconds are up.
  app.addHook('onSend', async (request) => {
    if (!request.user || !UNSAFE_METHODS.has(request.method)) return;
    if (request.user.role === 'founder' || request.url.startsWith('/api/admin/')) await authService.forgetAll();
    else await authService.forgetUser(request.user.id);
  });

  authRoutes(app, { authService, publicUrl: config.publicUrl, signInPerMinute: config.signInPerMinute });
  const secure = config.publicUrl.startsWith('https://');
  return { authService, describeSession: (request, reply) => describeSession(request, reply, { provider, secure }) };
}
