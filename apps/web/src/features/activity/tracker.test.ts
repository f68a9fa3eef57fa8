import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEvent, UserStatus } from '@vt/shared';
import { ACTIVITY_QUEUE_KEY, ActivityTracker, backoffDelay, classifyStatus, type ActivityTransport } from './tracker';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

/** A server whose answers the test scripts: a status per call (or 'network' to reject), then 200. */
function scriptedTransport(answers: Array<number | 'network'> = []) {
  const events: Array<{ at: number; event: ActivityEvent }> = [];
  const statuses: Array<{ at: number; status: UserStatus }> = [];
  const transport: ActivityTransport = {
    sendEvent: (event) => {
      events.push({ at: Date.now(), event });
      const answer = answers.shift() ?? 200;
      return answer === 'network' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(answer);
    },
    sendStatus: (_email, status) => {
      statuses.push({ at: Date.now(), status });
      return Promise.resolve(200);
    },
  };
  return { transport, events, statuses, answers };
}

const T0 = Date.parse('2026-11-23T10:00:00Z');

function tracker(transport: ActivityTransport, storage = new MemoryStorage(), warn = vi.fn()) {
  return {
    t: new ActivityTracker('ada@example.com', { transport, storage, page: () => '/dashboard', warn }),
    storage,
    warn,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rules', () => {
  it('backs off 2 s then 4 s (1000·2^n)', () => {
    expect([1, 2].map(backoffDelay)).toEqual([2000, 4000]);
  });
  it('retries 5xx and network errors, drops 400/401/403 and other statuses', () => {
    expect([200, 204].map(classifyStatus)).toEqual(['ok', 'ok']);
    expect([500, 502, 503, 'network' as const].map(classifyStatus)).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect([400, 401, 403, 404, 429].map(classifyStatus)).toEqual(['drop', 'drop', 'drop', 'drop', 'drop']);
  });
  it('tracks only e-mail-shaped identifiers', () => {
    expect(ActivityTracker.accepts('ada@example.com')).toBe(true);
    for (const bad of ['ada', 'ada@example', 'a da@example.com', 'a@b@c.com', '', null])
      expect(ActivityTracker.accepts(bad)).toBe(false);
  });
});

describe('sending', () => {
  it('starts 2 s after sign-in with the login event and an online status, then beats every 2 minutes', async () => {
    const s = scriptedTransport();
    const { t } = tracker(s.transport);
    t.start();
    await vi.advanceTimersByTimeAsync(1999);
    expect(s.events).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.events.map((e) => e.event.action)).toEqual(['user_login']);
    expect(s.events[0]!.event).toMatchObject({ userEmail: 'ada@example.com', page: '/dashboard' });
    expect(s.statuses).toEqual([{ at: T0 + 2000, status: { isOnline: true, currentPage: '/dashboard' } }]);
    // Heartbeats at +2 min and +4 min: the status is re-sent (throttle is 60 s, so each beat may send).
    t.noteInput();
    await vi.advanceTimersByTimeAsync(120_000);
    t.noteInput();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(s.statuses.map((x) => x.at - T0)).toEqual([2000, 122_000, 242_000]);
    await t.stop();
  });

  it('retries a 5xx at +2 s and +4 s, then queues; the next heartbeat delivers the queue', async () => {
    const s = scriptedTransport([503, 503, 503]);
    const { t, storage } = tracker(s.transport);
    const result = t.track('image_analysis', { id: 'a1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.events.map((e) => e.at - T0)).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(s.events).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.events.map((e) => e.at - T0)).toEqual([0, 2000]);
    await vi.advanceTimersByTimeAsync(4000);
    expect(s.events.map((e) => e.at - T0)).toEqual([0, 2000, 6000]);
    expect(await result).toBe('queued');
    expect(JSON.parse(storage.getItem(ACTIVITY_QUEUE_KEY)!)).toEqual([
      expect.objectContaining({ action: 'image_analysis', details: { id: 'a1' } }),
    ]);

    await t.beat();
    expect(s.events.at(-1)!.event.action).toBe('image_analysis');
    expect(storage.getItem(ACTIVITY_QUEUE_KEY)).toBeNull();
    await t.stop();
  });

  it('network errors behave like 5xx; a queue that still fails stays for the next heartbeat', async () => {
    const s = scriptedTransport(['network', 'network', 'network', 'network']);
    const { t, storage } = tracker(s.transport);
    const result = t.track('error_occurred');
    await vi.advanceTimersByTimeAsync(6000);
    expect(await result).toBe('queued');
    await t.beat();
    expect(JSON.parse(storage.getItem(ACTIVITY_QUEUE_KEY)!)).toHaveLength(1);
    await t.beat();
    expect(storage.getItem(ACTIVITY_QUEUE_KEY)).toBeNull();
    expect(s.events).toHaveLength(5);
    await t.stop();
  });

  it.each([400, 401, 403])('drops a %i with a warning, without retrying or queueing', async (status) => {
    const s = scriptedTransport([status]);
    const { t, storage, warn } = tracker(s.transport);
    const result = t.track('user_login');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toBe('dropped');
    expect(s.events).toHaveLength(1);
    expect(storage.getItem(ACTIVITY_QUEUE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledWith(`Activity event user_login dropped: the server answered ${status}.`);
    await t.stop();
  });

  it('debounces non-critical events 5 s per action and sends critical ones at once', async () => {
    const s = scriptedTransport();
    const { t } = tracker(s.transport);
    t.navigation('/a');
    await vi.advanceTimersByTimeAsync(3000);
    t.navigation('/b');
    t.track('feature_usage', { f: 1 });
    void t.track('user_login');
    await vi.advanceTimersByTimeAsync(0);
    expect(s.events.map((e) => e.event.action)).toEqual(['user_login']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(s.events.map((e) => [e.event.action, e.at - T0])).toEqual([
      ['user_login', 3000],
      ['page_navigation', 8000],
      ['feature_usage', 8000],
    ]);
    expect(s.events[1]!.event.details).toEqual({ path: '/b' });
    await t.stop();
  });

  it('sends page visibility after the 1 s debounce (plus the 5 s event debounce)', async () => {
    const s = scriptedTransport();
    const { t } = tracker(s.transport);
    t.visibility(true);
    await vi.advanceTimersByTimeAsync(500);
    t.visibility(false);
    await vi.advanceTimersByTimeAsync(6000);
    expect(s.events.map((e) => e.event.action)).toEqual(['page_visible']);
    await t.stop();
  });

  it('is idle after 5 minutes without input, says so once, and throttles status to once a minute', async () => {
    const s = scriptedTransport();
    const { t } = tracker(s.transport);
    t.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.isIdle).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000); // beat 1 at +122 s: not idle yet
    await vi.advanceTimersByTimeAsync(120_000); // beat 2 at +242 s
    await vi.advanceTimersByTimeAsync(120_000); // beat 3 at +362 s: idle (no input since T0)
    expect(t.isIdle).toBe(true);
    expect(s.statuses.at(-1)!.status.isOnline).toBe(false);
    const count = s.statuses.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(s.statuses).toHaveLength(count);
    t.noteInput();
    expect(s.statuses.at(-1)!.status.isOnline).toBe(true);
    t.noteInput();
    expect(s.statuses).toHaveLength(count + 1);
    await t.stop();
  });

  it('sign-out sends user_logout first, then stops; pending debounced events are kept in the queue', async () => {
    const s = scriptedTransport();
    const { t, storage } = tracker(s.transport);
    t.start();
    await vi.advanceTimersByTimeAsync(2000);
    t.navigation('/settings');
    await t.stop({ logout: true });
    expect(s.events.map((e) => e.event.action)).toEqual(['user_login', 'user_logout']);
    expect(JSON.parse(storage.getItem(ACTIVITY_QUEUE_KEY)!)).toEqual([
      expect.objectContaining({ action: 'page_navigation' }),
    ]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(s.events).toHaveLength(2);
    expect(t.track('feature_usage')).toBeUndefined();
  });

  it("never sends another account's queued events as this user", async () => {
    const s = scriptedTransport();
    const storage = new MemoryStorage();
    storage.setItem(ACTIVITY_QUEUE_KEY, JSON.stringify([{ userEmail: 'other@example.com', action: 'feature_usage' }]));
    const { t } = tracker(s.transport, storage);
    await t.flushQueue();
    expect(s.events).toHaveLength(0);
    await t.stop();
  });

  it('page unload goes at once and keeps debounced events for the next visit', async () => {
    const s = scriptedTransport();
    const { t, storage } = tracker(s.transport);
    t.navigation('/history');
    t.unload();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.events.map((e) => [e.event.action, e.at - T0])).toEqual([['page_unload', 0]]);
    expect(JSON.parse(storage.getItem(ACTIVITY_QUEUE_KEY)!)).toEqual([
      expect.objectContaining({ action: 'page_navigation' }),
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(s.events).toHaveLength(1);
    await t.stop();
  });
});
