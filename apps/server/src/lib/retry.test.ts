import { describe, expect, it, vi } from 'vitest';
import { compensate } from './retry';

describe('compensate', () => {
  it('runs once when the action succeeds', async () => {
    let calls = 0;
    await compensate(async () => void calls++);
    expect(calls).toBe(1);
  });

  it('retries in the background until the action succeeds, without holding the caller', async () => {
    // Fake timers: the caller's answer must not wait for any delay, whatever the machine's load.
    vi.useFakeTimers();
    try {
      let calls = 0;
      await compensate(
        async () => {
          if (++calls < 3) throw new Error('database away');
        },
        { delaysMs: [20_000, 20_000, 20_000] },
      );
      // The caller is answered after the first failure; the retries follow, one per delay.
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(calls).toBe(3);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after the last delay and says so', async () => {
    let calls = 0;
    let gaveUp: unknown;
    await compensate(
      async () => {
        calls++;
        throw new Error('still away');
      },
      { delaysMs: [5, 5], onGiveUp: (e) => (gaveUp = e) },
    );
    await expect.poll(() => gaveUp, { timeout: 1000 }).toBeInstanceOf(Error);
    expect(calls).toBe(3);
  });
});
