import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, PayloadTooLargeError, type PubSub } from './pubsub';

/** Polls until `check` passes (messages from another connection arrive asynchronously). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** A fresh channel per test, so parallel runs on one Redis or PostgreSQL server never hear each other. */
export const channelName = () => `t_${randomBytes(6).toString('hex')}`;

/**
 * The behaviour every carrier shares, run against two independent instances (two connections, as two
 * server processes would have). `pair()` returns instances that the caller closes.
 */
export function pubsubContract(pair: () => { a: PubSub; b: PubSub }): void {
  it('delivers a message published on one instance to subscribers on both, as a JSON copy', async () => {
    const { a, b } = pair();
    const channel = channelName();
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    await a.subscribe(channel, (m) => onA.push(m));
    await b.subscribe(channel, (m) => onB.push(m));
    const message = { analysisId: 'x', n: 1, nested: { ok: true }, at: new Date(0) };
    await a.publish(channel, message);
    await eventually(() => {
      expect(onB).toEqual([{ analysisId: 'x', n: 1, nested: { ok: true }, at: '1970-01-01T00:00:00.000Z' }]);
      expect(onA).toEqual(onB);
    });
  });

  it('keeps channels apart and stops after unsubscribe, other handlers still hearing', async () => {
    const { a, b } = pair();
    const [one, two] = [channelName(), channelName()];
    const first: unknown[] = [];
    const second: unknown[] = [];
    const other: unknown[] = [];
    const stopFirst = await b.subscribe(one, (m) => first.push(m));
    await b.subscribe(one, (m) => second.push(m));
    await b.subscribe(two, (m) => other.push(m));
    await a.publish(one, 1);
    await eventually(() => expect(second).toEqual([1]));
    await stopFirst();
    await a.publish(one, 2);
    await a.publish(two, 'two');
    await eventually(() => expect(other).toEqual(['two']));
    await eventually(() => expect(second).toEqual([1, 2]));
    expect(first).toEqual([1]);
  });

  it('keeps the order of one publisher, and a throwing handler does not stop the others', async () => {
    const { a, b } = pair();
    const channel = channelName();
    const got: number[] = [];
    await b.subscribe(channel, () => {
      throw new Error('handler bug');
    });
    await b.subscribe(channel, (m) => got.push(m as number));
    for (let i = 0; i < 50; i++) await a.publish(channel, i);
    await eventually(() => expect(got).toEqual(Array.from({ length: 50 }, (_, i) => i)));
  });

  it(`carries messages up to ${MAX_PAYLOAD_BYTES} bytes and refuses larger ones`, async () => {
    const { a, b } = pair();
    const channel = channelName();
    const got: string[] = [];
    await b.subscribe(channel, (m) => got.push(m as string));
    const biggest = 'é'.repeat((MAX_PAYLOAD_BYTES - 2) / 2); // two bytes each in UTF-8, plus the JSON quotes
    await a.publish(channel, biggest);
    await eventually(() => expect(got).toEqual([biggest]));
    await expect(a.publish(channel, `${biggest}x`)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  it('says it is connected once a subscription is live (what /api/health reports)', async () => {
    const { a } = pair();
    const off = await a.subscribe('health_probe', () => {});
    expect(a.connected).toBe(true);
    await off();
  });

  it('refuses channel names that are not plain identifiers', async () => {
    const { a } = pair();
    for (const bad of ['', 'Has-Caps', 'x"; drop table users; --', 'a'.repeat(41)]) {
      await expect(a.publish(bad, 1)).rejects.toThrow(/channel/);
      await expect(a.subscribe(bad, () => {})).rejects.toThrow(/channel/);
    }
  });
}
