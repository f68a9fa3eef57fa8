import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@vt/shared';
import { toUserDto, type UsersService } from '../modules/users/users.service';
import type { AuthRepository } from './auth.repository';
import type { OidcClient } from './oidc-client';
import { sanitizeReturnTo } from './return-to';
import { SessionCache } from './session-cache';

/** A sign-in that failed; `code` and `description` go back to the web app in the query string. */
export class LoginError extends Error {
  constructor(
    public readonly code: string,
    public readonly description: string,
    options?: { cause?: unknown },
  ) {
    super(description, options);
    this.name = 'LoginError';
  }
}

export type ResolvedSession =
  { status: 'authenticated'; user: User; sessionId: string; expiresAt: Date } | { status: 'expired' };

export type AuthServiceOptions = {
  idleMs: number;
  absoluteMs: number;
  /** Key the users of this provider are stored under. */
  identityIssuer: string;
  /** last_seen_at is written at most this often, not on every request. */
  touchIntervalMs?: number;
  transactionTtlMs?: number;
  /** How long a resolved session is reused in this process without reading the database; 0 = never. */
  cacheTtlMs?: number;
};

const TOUCH_INTERVAL_MS = 60_000;
const TRANSACTION_TTL_MS = 10 * 60_000;

/** SHA-256 of a session token: only this is stored, so a database leak does not leak live cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sign-in orchestration and server-side sessions (idle + absolute expiry, rotation at sign-in). */
export class AuthService {
  private readonly cache: SessionCache;

  constructor(
    private readonly repo: AuthRepository,
    private readonly users: UsersService,
    private readonly oidc: OidcClient,
    private readonly opts: AuthServiceOptions,
  ) {
    this.cache = new SessionCache({ ttlMs: opts.cacheTtlMs ?? 0 });
  }

  get issuerUrl(): string {
    return this.oidc.issuerUrl;
  }

  /** Starts an authorization-code + PKCE sign-in; the transaction lives 10 minutes. */
  async startLogin(returnTo: unknown): Promise<{ url: string; state: string }> {
    const ttl = this.opts.transactionTtlMs ?? TRANSACTION_TTL_MS;
    // Housekeeping rides on sign-in starts: abandoned transactions and dead sessions go.
    const now = Date.now();
    await this.repo.deleteTransactionsBefore(new Date(now - ttl));
    await this.repo.deleteExpiredSessions(new Date(now), new Date(now - this.opts.idleMs));
    let request;
    try {
      request = await this.oidc.authorizationRequest();
    } catch (cause) {
      throw new LoginError(
        'provider_unavailable',
        'The sign-in provider could not be reached. Please try again later.',
        { cause },
      );
    }
    await this.repo.insertTransaction({
      state: request.state,
      codeVerifier: request.codeVerifier,
      nonce: request.nonce,
      returnTo: sanitizeReturnTo(returnTo),
    });
    return { url: request.url, state: request.state };
  }

  /**
   * Completes a sign-in: checks the transaction (one use, 10 minutes, same browser), exchanges the code,
   * records the login, and opens a new session in place of any previous one.
   */
  async finishLogin(input: {
    callbackUrl: URL;
    state: string | undefined;
    browserState: string | undefined;
    previousToken: string | undefined;
    host: string;
    userAgent: string;
    ip: string;
  }): Promise<{ token: string; returnTo: string; expiresAt: Date; user: User }> {
    if (!input.state)
      throw new LoginError('invalid_request', 'The sign-in response was incomplete. Please sign in again.');
    const transaction = await this.repo.takeTransaction(input.state);
    const ttl = this.opts.transactionTtlMs ?? TRANSACTION_TTL_MS;
    if (!transaction || Date.now() - transaction.createdAt.getTime() > ttl) {
      throw new LoginError('login_expired', 'The sign-in took too long or was already used. Please sign in again.');
    }
    if (input.browserState !== input.state) {
      throw new LoginError(
        'login_mismatch',
        'This sign-in was started in another browser window. Please sign in again.',
      );
    }
    let result;
    try {
      result = await this.oidc.handleCallback(input.callbackUrl, {
        state: transaction.state,
        nonce: transaction.nonce,
        codeVerifier: transaction.codeVerifier,
      });
    } catch (cause) {
      throw new LoginError(
        'sign_in_failed',
        'The sign-in provider response could not be verified. Please sign in again.',
        { cause },
      );
    }
    if (!result.claims.email) {
      throw new LoginError('email_missing', 'The sign-in provider did not share your e-mail address.');
    }
    const { user } = await this.users.recordSignIn({
      issuer: this.opts.identityIssuer,
      claims: result.claims,
      host: input.host,
      userAgent: input.userAgent,
    });
    if (input.previousToken) await this.endSession(hashToken(input.previousToken));
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.opts.absoluteMs);
    await this.repo.insertSession({
      id: hashToken(token),
      userId: user.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      idTokenHint: result.idToken ?? null,
      userAgent: input.userAgent.slice(0, 512),
      ip: input.ip,
    });
    return { token, returnTo: transaction.returnTo, expiresAt, user };
  }

  /**
   * Looks up a session cookie; a stale one is deleted and reported as expired. A session resolved in the last
   * few seconds (cacheTtlMs) is answered from memory, with the same expiry checks and last_seen_at writes.
   */
  async resolveSession(token: string): Promise<ResolvedSession> {
    const id = hashToken(token);
    let session = this.cache.get(id);
    if (!session) {
      const readVersion = this.cache.readVersion;
      const found = await this.repo.findSessionWithUser(id);
      if (!found) return { status: 'expired' };
      const { userId, expiresAt, lastSeenAt } = found.session;
      session = { userId, expiresAt, lastSeenAt, user: toUserDto(found.user) };
      this.cache.set(id, session, readVersion);
    }
    const now = Date.now();
    if (session.expiresAt.getTime() <= now || now - session.lastSeenAt.getTime() > this.opts.idleMs) {
      await this.endSession(id);
      return { status: 'expired' };
    }
    if (now - session.lastSeenAt.getTime() >= (this.opts.touchIntervalMs ?? TOUCH_INTERVAL_MS)) {
      const at = new Date(now);
      await this.repo.touchSession(id, at);
      this.cache.touched(id, at);
    }
    return { status: 'authenticated', user: session.user, sessionId: id, expiresAt: session.expiresAt };
  }

  /** A user's row or sessions changed in this process: their next request reads them again. */
  forgetUser(userId: string): void {
    this.cache.deleteUser(userId);
  }

  /** Something may have changed any user (an admin action): every next request reads its session again. */
  forgetAll(): void {
    this.cache.clear();
  }

  private async endSession(id: string) {
    this.cache.delete(id);
    return this.repo.deleteSession(id);
  }

  /** Ends the session and says where the browser goes next (the provider's logout, or home). */
  async logout(token: string | undefined): Promise<{ redirectTo: string }> {
    const session = token ? await this.endSession(hashToken(token)) : undefined;
    if (!session) return { redirectTo: this.oidc.postLogoutRedirectUri };
    return { redirectTo: await this.oidc.logoutUrl(session.idTokenHint) };
  }
}
