import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@vt/shared';
import type { UserAccounts } from './ports';
import type { PubSub } from '../adapters/pubsub';
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

/** The pub/sub channel on which processes tell each other which cached sessions to drop. */
export const SESSION_INVALIDATION_CHANNEL = 'session_cache';

type Invalidation = ({ kind: 'session'; id: string } | { kind: 'user'; userId: string } | { kind: 'all' }) & {
  /** Identifies one message, so its sender can tell when the carrier has handed it back to this process. */
  nonce?: string;
};

/** How long a sender waits for its own invalidation to come back through the carrier before answering anyway. */
const ECHO_WAIT_MS = 250;

/** SHA-256 of a session token: only this is stored, so a database leak does not leak live cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sign-in orchestration and server-side sessions (idle + absolute expiry, rotation at sign-in). */
export class AuthService {
  private readonly cache: SessionCache;

  constructor(
    private readonly repo: AuthRepository,
    private readonly users: UserAccounts,
    private readonly oidc: OidcClient,
    private readonly opts: AuthServiceOptions,
  ) {
    this.cache = new SessionCache({ ttlMs: opts.cacheTtlMs ?? 0 });
  }

  private pubsub: PubSub | undefined;
  private log: (message: string, details: Record<string, unknown>) => void = () => {};

  /**
   * Shares cache invalidations with every other server process: a sign-out, an account deletion or a role
   * change in one process drops the cached session in all of them, not only after the cache's few seconds.
   * Messages missed while the carrier was down are unknowable, so a reconnection drops the whole cache.
   */
  async shareInvalidations(
    pubsub: PubSub,
    log: (message: string, details: Record<string, unknown>) => void,
  ): Promise<() => Promise<void>> {
    this.pubsub = pubsub;
    this.log = log;
    const unsubscribe = await pubsub.subscribe(SESSION_INVALIDATION_CHANNEL, (message) => {
      const m = message as Invalidation;
      this.apply(m);
      if (typeof m?.nonce === 'string') this.echoes.get(m.nonce)?.();
    });
    const offReconnect = pubsub.onReconnect(() => this.cache.clear());
    return async () => {
      offReconnect();
      this.pubsub = undefined;
      await unsubscribe();
    };
  }

  private apply(m: Invalidation): void {
    if (m?.kind === 'session' && typeof m.id === 'string') this.cache.delete(m.id);
    else if (m?.kind === 'user' && typeof m.userId === 'string') this.cache.deleteUser(m.userId);
    else if (m?.kind === 'all') this.cache.clear();
  }

  private readonly echoes = new Map<string, () => void>();

  /**
   * Applies an invalidation here and sends it to the other processes before the answer leaves. The carrier
   * delivers to every listener at once (PostgreSQL NOTIFY at commit, Redis PUBLISH to every subscriber), but a
   * listener reads it a moment later: waiting until this process has read its own copy back means the others
   * have theirs at about the same moment (milliseconds; not a guarantee, which is why writes never use the
   * cache), so the browser's next request, wherever it lands, is refused.
   */
  private async invalidate(m: Invalidation): Promise<void> {
    this.apply(m);
    if (!this.pubsub || this.pubsub.kind === 'memory' || !this.cache.enabled) return;
    const nonce = randomBytes(8).toString('hex');
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(nonce, resolve);
      timer = setTimeout(resolve, ECHO_WAIT_MS);
    });
    try {
      await this.pubsub.publish(SESSION_INVALIDATION_CHANNEL, { ...m, nonce });
      await echoed;
    } catch (error) {
      // The other processes' entries still expire within the cache's few seconds; writes never use the cache.
      this.log('session invalidation not shared', { error: String(error) });
    } finally {
      clearTimeout(timer);
      this.echoes.delete(nonce);
    }
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
        'This sign-in was started in another browser window or at another address of this site. Please sign in again from here.',
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
  async resolveSession(token: string, opts: { fresh?: boolean } = {}): Promise<ResolvedSession> {
    const id = hashToken(token);
    // A write reads the session from the database: nothing a moment stale may change data.
    let session = opts.fresh ? undefined : this.cache.get(id);
    if (!session) {
      const readVersion = this.cache.readVersion;
      const found = await this.repo.findSessionWithUser(id);
      if (!found) return { status: 'expired' };
      const { userId, expiresAt, lastSeenAt } = found.session;
      session = { userId, expiresAt, lastSeenAt, user: this.users.toDto(found.user) };
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

  /** A user's row or sessions changed: their next request, in any process, reads them again. */
  forgetUser(userId: string): Promise<void> {
    return this.invalidate({ kind: 'user', userId });
  }

  /** Something may have changed any user (an admin action): every next request, in any process, reads again. */
  forgetAll(): Promise<void> {
    return this.invalidate({ kind: 'all' });
  }

  private async endSession(id: string) {
    this.cache.delete(id);
    // The row goes first: a process that reads the database after hearing of the sign-out finds nothing.
    const session = await this.repo.deleteSession(id);
    await this.invalidate({ kind: 'session', id });
    return session;
  }

  /**
   * Where the browser ends this session at the provider (its logout with the session's ID token as hint), without
   * ending ours: account deletion removes the sessions with the user, and must still sign the person out at the
   * provider, or pressing Sign In would silently sign them in again and make a new account.
   */
  async providerLogoutUrl(token: string | undefined): Promise<string> {
    const session = token ? await this.repo.findSession(hashToken(token)) : undefined;
    return session ? this.oidc.logoutUrl(session.idTokenHint) : this.oidc.postLogoutRedirectUri;
  }

  /** Ends the session and says where the browser goes next (the provider's logout, or home). */
  async logout(token: string | undefined): Promise<{ redirectTo: string }> {
    const session = token ? await this.endSession(hashToken(token)) : undefined;
    if (!session) return { redirectTo: this.oidc.postLogoutRedirectUri };
    return { redirectTo: await this.oidc.logoutUrl(session.idTokenHint) };
  }
}
