import type { Database } from '../../db/client';
import { MemoryPubSub } from './memory.pubsub';
import { PostgresPubSub } from './postgres.pubsub';
import type { PubSub, PubSubLog } from './pubsub';
import { RedisPubSub } from './redis.pubsub';

/**
 * REDIS_URL → Redis; else PostgreSQL (DATABASE_URL) → LISTEN/NOTIFY on the same database; else
 * (PGlite, a single process) in-process. Built once per process and shared by every module.
 */
export function createPubSub(opts: { redisUrl: string | undefined; database: Database; log?: PubSubLog }): PubSub {
  if (opts.redisUrl) return new RedisPubSub({ url: opts.redisUrl, log: opts.log });
  if (opts.database.kind === 'postgres' && opts.database.pool)
    return new PostgresPubSub({ pool: opts.database.pool, log: opts.log });
  return new MemoryPubSub(opts.log);
}
