import { describe, expect, it } from 'vitest';
import type { User } from '@vt/shared';
import { SessionCache, type CachedSession } from './session-cache';

const entry = (userId: string): CachedSession => ({
  userId,
  expiresAt: new Date('2030-01-01T00:00:00Z'),
  lastSeenAt: new Date('2026-01-01T00:00:00Z'),
  user: { id: userId } as User,
});

/** A cache on a clock the test moves by hand. */
function cache(ttlMs = 5_000, maxEntries?: number) {
  let now = 1_000_000;
  const c = new SessionCache({ ttlMs, now: () => now, ...(maxEntries ? { maxEntries } : {}) });
  return { c, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('keeps an entry for its time to live, then forgets it', () => {
    const { c, advance } = cache(5_000);
    c.set('s1', entry('u1'), c.readVersion);
    advance(4_999);
    expect(c.get('s1')?.userId).toBe('u1');
    advance(1);
    expect(c.get('s1')).toBeUndefined();
  });

  it('keeps nothing when the time to live is 0', () => {
    const { c } = cache(0);
    c.set('s1', entry('u1'), c.readVersion);
    expect(c.get('s1')).toBeUndefined();
  });

  it('forgets one session, every session of a user, or everything', () => {
    const { c } = cache();
    c.set('a1', entry('a'), c.readVersion);
    c.set('a2', entry('a'), c.readVersion);
    c.set('b1', entry('b'), c.readVersion);
    c.delete('a1');
    expect(c.get('a1')).toBeUndefined();
    expect(c.get('a2')).toBeDefined();
    c.deleteUser('a');
    expect(c.get('a2')).toBeUndefined();
    expect(c.get('b1')).toBeDefined();
    c.clear();
    expect(c.size).toBe(0);
  });

  it('does not keep what was read before an invalidation (a logout racing a lookup)', () => {
    const { c } = cache();
    const before = c.readVersion;
    c.delete('s1'); // the logout lands while the lookup is still reading the database
    c.set('s1', entry('u1'), before);
    expect(c.get('s1')).toBeUndefined();
    c.set('s1', entry('u1'), c.readVersion);
    expect(c.get('s1')).toBeDefined();
  });

  it('records a last_seen_at write without extending the entry', () => {
    const { c, advance } = cache(5_000);
    c.set('s1', entry('u1'), c.readVersion);
    advance(3_000);
    const at = new Date('2026-06-01T00:00:00Z');
    c.touched('s1', at);
    expect(c.get('s1')?.lastSeenAt).toEqual(at);
    advance(2_000);
    expect(c.get('s1')).toBeUndefined();
  });

  it('drops the oldest entry past its size cap', () => {
    const { c } = cache(5_000, 2);
    c.set('s1', entry('u1'), c.readVersion);
    c.set('s2', entry('u2'), c.readVersion);
    c.set('s3', entry('u3'), c.readVersion);
    expect(c.get('s1')).toBeUndefined();
    expect(c.get('s2')).toBeDefined();
    expect(c.get('s3')).toBeDefined();
  });
});
