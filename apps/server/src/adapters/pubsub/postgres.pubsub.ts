import pg from 'pg';
import { PubSubCarrier, type PubSubLog } from './pubsub';

export type PostgresPubSubOptions = {
  /** The app's pool: NOTIFY goes through it (any connection will do). */
  pool: pg.Pool;
  /** Settings for the dedicated LISTEN connection; defaults to the pool's own. */
  clientConfig?: pg.ClientConfig;
  log?: PubSubLog;
  /** First reconnect delay; doubles up to 5 s while the server is away. */
  reconnectMs?: number;
};

/** Shown in pg_stat_activity, so operators (and tests) can tell the listener apart. */
export const LISTENER_APPLICATION_NAME = 'vt-pubsub-listener';

/**
 * LISTEN/NOTIFY. A pooled connection cannot hold a LISTEN (it goes back to the pool), so one dedicated
 * client listens for every channel of this process and is re-opened, with its LISTENs, when it drops.
 */
export class PostgresPubSub extends PubSubCarrier {
  readonly kind = 'postgres' as const;

  get connected(): boolean {
    return !this.closed && this.client !== undefined;
  }
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs: number;

  constructor(private readonly opts: PostgresPubSubOptions) {
    super(opts.log);
    this.retryMs = opts.reconnectMs ?? 250;
  }

  protected async send(channel: string, payload: string): Promise<void> {
    await this.opts.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  protected async listen(channel: string, first: boolean): Promise<void> {
    const client = await this.listener();
    // A fresh connection LISTENs to every known channel itself; this covers one already open.
    if (first) await client.query(`LISTEN "${channel}"`);
  }

  protected async unlisten(channel: string): Promise<void> {
    await this.client?.query(`UNLISTEN "${channel}"`).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.handlers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private listener(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      ...(this.opts.clientConfig ?? this.opts.pool.options),
      application_name: LISTENER_APPLICATION_NAME,
    });
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
      if (this.closed) return;
      this.log('warn', 'pub/sub listener connection lost; reconnecting', { error: error ? String(error) : undefined });
      this.scheduleReconnect();
    };
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    client.on('notification', (n) => this.handlers.dispatch(n.channel, n.payload ?? 'null'));
    try {
      await client.connect();
      for (const channel of this.handlers.channels()) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      dropped = true;
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('Pub/sub is closed');
    }
    this.client = client;
    this.retryMs = this.opts.reconnectMs ?? 250;
    return client;
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.closed || !this.handlers.channels().length) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.listener().then(
        () => {
          this.log('info', 'pub/sub listener reconnected');
          this.reconnects.fire();
        },
        (error) => {
          this.retryMs = Math.min(this.retryMs * 2, 5000);
          this.log('warn', 'pub/sub listener reconnect failed', { error: String(error) });
          this.scheduleReconnect();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
