import type { User } from '@vt/shared';

/** What a live session resolved to: enough to check expiry and answer without the database. */
export type CachedSession = {
  userId: string;
  expiresAt: Date;
  lastSeenAt: Date;
  user: User;
};

/**
 * Resolved sessions kept in this process for a few seconds, so a signed-in request does not read the session
 * and user rows every time (docs/decisions/0008). Entries are dropped at once when this process ends a session
 * (logout, sign-in over an old cookie) or changes a user; another process's changes show within `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { cachedAt: number }>();
  /**
   * Counts invalidations. A reader takes it before reading the database and passes it to `set`: if a logout or
   * change happened meanwhile, what it read may already be gone, so it is not kept.
   */
  private version = 0;

  constructor(private readonly opts: { ttlMs: number; maxEntries?: number; now?: () => number }) {}

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  get(sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.now() - entry.cachedAt >= this.opts.ttlMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** The current invalidation count, to pass to `set` after reading the database. */
  get readVersion(): number {
    return this.version;
  }

  set(sessionId: string, session: CachedSession, readVersion: number): void {
    if (!this.enabled || readVersion !== this.version) return;
    const max = this.opts.maxEntries ?? 10_000;
    // Insertion order is age order: past the cap the oldest entry goes (it is the nearest to expiring anyway).
    if (this.entries.size >= max && !this.entries.has(sessionId)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { ...session, cachedAt: this.now() });
  }

  /** Records a last_seen_at write without restarting the entry's time to live. */
  touched(sessionId: string, at: Date): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.lastSeenAt = at;
  }

  delete(sessionId: string): void {
    this.version++;
    this.entries.delete(sessionId);
  }

  /** Forgets every session of one user (their row or sessions changed). */
  deleteUser(userId: string): void {
    this.version++;
    for (const [id, entry] of this.entries) if (entry.userId === userId) this.entries.delete(id);
  }

  clear(): void {
    this.version++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
