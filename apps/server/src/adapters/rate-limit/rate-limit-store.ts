import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';

/**
 * Where the HTTP rate limits (sign-in, client uploads, index checks, activity) keep their counts. Per process
 * memory would let N server processes allow N times each limit, so: Redis when REDIS_URL is set (the plugin's
 * own Lua store), else PostgreSQL when it is a server every process shares, else memory (PGlite: one process).
 */
export type RateLimitBackend = {
  kind: 'redis' | 'postgres' | 'memory';
  /** Options for @fastify/rate-limit's registration. */
  options: Pick<RateLimitPluginOptions, 'redis' | 'store' | 'nameSpace' | 'skipOnError'>;
  close(): Promise<void>;
};

export function createRateLimitBackend(opts: {
  redisUrl: string | undefined;
  keyPrefix: string;
  database: Database;
}): RateLimitBackend {
  // A counter store that cannot be reached lets requests through: the limits bound abuse, they must not take the
  // service down with them (the database's own outage is answered 503 by the routes that need it).
  const skipOnError = true;
  if (opts.redisUrl) {
    const redis = new Redis(opts.redisUrl, {
      maxRetriesPerRequest: 1,
      connectionName: 'vt-rate-limit',
      lazyConnect: false,
    });
    redis.on('error', () => {});
    return {
      kind: 'redis',
      options: { redis, nameSpace: `${opts.keyPrefix}rate-limit:`, skipOnError },
      close: async () => {
        redis.disconnect();
      },
    };
  }
  if (opts.database.kind === 'postgres') {
    const { database } = opts;
    const store = class extends PostgresRateLimitStore {
      constructor() {
        super(database, '');
      }
    };
    return { kind: 'postgres', options: { store, skipOnError }, close: async () => {} };
  }
  return { kind: 'memory', options: { skipOnError }, close: async () => {} };
}

/**
 * Counters in `rate_limit_counters`: one upsert per request opens a window at a key's first request, counts
 * within it and restarts once it has passed (the database's clock throughout), so every process sharing the
 * database counts against one total. Windows long past are pruned now and then.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly database: Database,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const window = sql`make_interval(secs => ${timeWindow / 1000})`;
    void queryRows<{ count: number; ttl_ms: number }>(
      this.database.db,
      sql`insert into rate_limit_counters as c (key, window_start, count) values (${this.prefix + key}, now(), 1)
          on conflict (key) do update set
            count = case when c.window_start <= now() - ${window} then 1 else c.count + 1 end,
            window_start = case when c.window_start <= now() - ${window} then now() else c.window_start end
          returning count, greatest(0, extract(epoch from (window_start + ${window} - now())) * 1000)::float8 as ttl_ms`,
    ).then(
      (rows) =>
        callback(null, { current: Number(rows[0]?.count ?? 1), ttl: Math.ceil(Number(rows[0]?.ttl_ms ?? timeWindow)) }),
      (error: Error) => callback(error),
    );
    if (Math.random() < 0.01) {
      void queryRows(
        this.database.db,
        sql`delete from rate_limit_counters where window_start < now() - interval '1 day'`,
      ).catch(() => {});
    }
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // Per route, as the plugin's own stores key it (routeInfo is there at run time, not in the plugin's types).
    const { method, url } = (routeOptions as unknown as { routeInfo: { method: string; url: string } }).routeInfo;
    return new PostgresRateLimitStore(this.database, `${method}${url}-`);
  }
}
