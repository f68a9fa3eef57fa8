import { describe, expect, it } from 'vitest';
import { compensate } from './retry';

describe('compensate', () => {
  it('runs once when the action succeeds', async () => {
    let calls = 0;
    await compensate(async () => void calls++);
    expect(calls).toBe(1);
  });

  it('retries in the background until the action succeeds, without holding the caller', async () => {
    let calls = 0;
    const started = Date.now();
    await compensate(
      async () => {
        if (++calls < 3) throw new Error('database away');
      },
      { delaysMs: [20, 20, 20] },
    );
    // The caller is answered after the first failure; the retries follow.
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(20);
    await expect.poll(() => calls, { timeout: 1000 }).toBe(3);
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
