import { afterEach, describe } from 'vitest';
import { MemoryPubSub } from './memory.pubsub';
import { pubsubContract } from './pubsub.contract';

describe('MemoryPubSub (one process)', () => {
  let open: MemoryPubSub[] = [];
  afterEach(async () => {
    await Promise.all(open.map((p) => p.close()));
    open = [];
  });
  // In one process "two instances" are one: both names share the bus, as modules of one server do.
  pubsubContract(() => {
    const bus = new MemoryPubSub();
    open.push(bus);
    return { a: bus, b: bus };
  });
});
