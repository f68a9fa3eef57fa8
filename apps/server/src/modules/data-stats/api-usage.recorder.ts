import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiRequests } from '../../db/schema.data';

export type ApiRequestRow = {
  userId: string | null;
  method: string;
  endpoint: string;
  status: number;
  durationMs: number;
  at: Date;
};

/** Rows kept while the database is unreachable; past this the oldest are dropped (counts are statistics, not records). */
const MAX_BUFFERED = 10_000;

/**
 * Counts API requests for the api-usage stats without slowing them down: the response hook only pushes to an
 * in-memory buffer; a timer (every `intervalMs`) or a full batch (`batchSize`) writes the buffer in one
 * multi-row INSERT. Closing the app flushes what is left.
 */
export class ApiUsageRecorder {
  private buffer: ApiRequestRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      intervalMs: number;
      batchSize: number;
      log: (message: string, details: Record<string, unknown>) => void;
    },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.opts.intervalMs);
    // The timer alone must not keep a process (or a test) alive.
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  record(row: ApiRequestRow): void {
    this.buffer.push(row);
    if (this.buffer.length > MAX_BUFFERED) {
      this.dropped += this.buffer.length - MAX_BUFFERED;
      this.buffer.splice(0, this.buffer.length - MAX_BUFFERED);
    }
    if (this.buffer.length >= this.opts.batchSize) void this.flush();
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** Writes everything buffered so far; flushes run one after another so batches never interleave. */
  flush(): Promise<void> {
    this.inFlight = this.inFlight.then(() => this.writeOnce());
    return this.inFlight;
  }

  private async writeOnce(): Promise<void> {
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, this.opts.batchSize);
      try {
        await this.insert(batch);
      } catch (err) {
        // Put the batch back for the next tick unless the buffer has since filled up.
        if (this.buffer.length + batch.length <= MAX_BUFFERED) this.buffer.unshift(...batch);
        else this.dropped += batch.length;
        this.opts.log('could not record API usage', { err: String(err), rows: batch.length });
        return;
      }
    }
  }

  private async insert(batch: ApiRequestRow[]): Promise<void> {
    // The user may have deleted their account since the request; the join keeps such rows, without the user.
    const values = sql.join(
      batch.map(
        (r) =>
          sql`(${r.userId}::uuid, ${r.method}, ${r.endpoint}, ${r.status}::int, ${r.durationMs}::real, ${r.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await this.db.execute(sql`
      insert into ${apiRequests} (user_id, method, endpoint, status, duration_ms, created_at)
      select u.id, v.method, v.endpoint, v.status, v.duration_ms, v.created_at
      from (values ${values}) as v(user_id, method, endpoint, status, duration_ms, created_at)
      left join users u on u.id = v.user_id`);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API request counter (tests call `flush()` instead of waiting for the timer). */
    apiUsage: ApiUsageRecorder;
  }
}

/** Counts every request under /api/ (endpoint = the matched route pattern, or `(unmatched)` for a 404). */
export function installApiUsage(
  app: FastifyInstance,
  db: Db,
  opts: { intervalMs?: number; batchSize?: number } = {},
): ApiUsageRecorder {
  const recorder = new ApiUsageRecorder(db, {
    intervalMs: opts.intervalMs ?? 1000,
    batchSize: opts.batchSize ?? 500,
    log: (message, details) => app.log.warn(details, message),
  });
  app.decorate('apiUsage', recorder);
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url;
    if (!path.startsWith('/api/')) return;
    recorder.record({
      userId: request.user?.id ?? null,
      method: request.method,
      endpoint: request.routeOptions.url ?? '(unmatched)',
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 100) / 100,
      at: new Date(),
    });
  });
  app.addHook('onReady', async () => recorder.start());
  app.addHook('onClose', async () => {
    recorder.stop();
    await recorder.flush();
  });
  return recorder;
}
