import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisPubSub } from './redis.pubsub';
import { channelName, eventually, pubsubContract } from './pubsub.contract';

// Redis runs on the development machines and in CI (.ci/run sets REDIS_URL).
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe(`RedisPubSub against ${url}`, () => {
  let open: RedisPubSub[] = [];
  const make = () => {
    const p = new RedisPubSub({ url, channelPrefix: 'vt-test:' });
    open.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(open.map((p) => p.close()));
    open = [];
  });

  pubsubContract(() => ({ a: make(), b: make() }));

  it('uses the channel prefix on the wire, so deployments sharing a server stay apart', async () => {
    const a = make();
    const other = new RedisPubSub({ url, channelPrefix: 'other:' });
    open.push(other);
    const channel = channelName();
    const mine: unknown[] = [];
    const theirs: unknown[] = [];
    await a.subscribe(channel, (m) => mine.push(m));
    await other.subscribe(channel, (m) => theirs.push(m));
    const raw = new Redis(url);
    try {
      expect(await raw.publish(`vt-test:${channel}`, JSON.stringify('from outside'))).toBe(1);
    } finally {
      raw.disconnect();
    }
    await eventually(() => expect(mine).toEqual(['from outside']));
    expect(theirs).toEqual([]);
  });

  it('re-subscribes after the server drops the subscriber connection', async () => {
    const a = make();
    const name = `vt-test-${channelName()}`;
    const b = new RedisPubSub({ url, channelPrefix: 'vt-test:', connectionName: name });
    open.push(b);
    const channel = channelName();
    const got: unknown[] = [];
    let reconnects = 0;
    b.onReconnect(() => reconnects++);
    await b.subscribe(channel, (m) => got.push(m));
    expect(reconnects).toBe(0);
    const admin = new Redis(url);
    try {
      const line = ((await admin.client('LIST')) as string).split('\n').find((l) => l.includes(`name=${name}-sub `));
      const id = /id=(\d+)/.exec(line ?? '')?.[1];
      expect(id).toBeDefined();
      expect(await admin.client('KILL', 'ID', id!)).toBe(1);
      // Published until heard: messages sent while the subscriber is away are (by design) not kept.
      await eventually(async () => {
        await a.publish(channel, 'after');
        expect(got).toContain('after');
      });
      const again = ((await admin.client('LIST')) as string).split('\n').find((l) => l.includes(`name=${name}-sub `));
      expect(/id=(\d+)/.exec(again ?? '')?.[1]).not.toBe(id);
      await eventually(() => expect(reconnects).toBe(1));
    } finally {
      admin.disconnect();
    }
  });
});
