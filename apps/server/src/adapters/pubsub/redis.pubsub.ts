import { Redis } from 'ioredis';
import { PubSubCarrier, type PubSubLog } from './pubsub';

export type RedisPubSubOptions = {
  url: string;
  /** Redis pub/sub ignores the database number, so deployments sharing a server are kept apart by name. */
  channelPrefix?: string;
  log?: PubSubLog;
  /** Shown by CLIENT LIST as `<name>-pub` and `<name>-sub`. */
  connectionName?: string;
};

/**
 * Redis PUBLISH/SUBSCRIBE. A subscribed connection can do nothing else, so there are two: one publishes,
 * one listens. ioredis reconnects both and re-subscribes the listener's channels by itself.
 */
export class RedisPubSub extends PubSubCarrier {
  readonly kind = 'redis' as const;

  get connected(): boolean {
    return !this.closed && this.subscriber.status === 'ready';
  }
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly prefix: string;

  constructor(opts: RedisPubSubOptions) {
    super(opts.log);
    this.prefix = opts.channelPrefix ?? 'vt:';
    // Bounded retries per command, so a publish fails (and is logged) instead of waiting forever on an outage.
    const name = opts.connectionName ?? 'vt-pubsub';
    this.publisher = new Redis(opts.url, { maxRetriesPerRequest: 2, connectionName: `${name}-pub` });
    this.subscriber = new Redis(opts.url, { connectionName: `${name}-sub` });
    let lastError = '';
    const onError = (error: Error) => {
      // ioredis reports every failed reconnect; one line per distinct error is enough.
      if (String(error) !== lastError) this.log('warn', 'redis pub/sub connection error', { error: String(error) });
      lastError = String(error);
    };
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    let connectedBefore = false;
    this.subscriber.on('ready', () => {
      lastError = '';
      if (!connectedBefore) {
        connectedBefore = true;
        return;
      }
      // ioredis re-subscribes on its own but does not say when that is done; subscribing again (a no-op for
      // channels already on) tells us, so listeners catch up only once nothing more can be missed.
      const channels = this.handlers.channels().map((c) => this.prefix + c);
      (channels.length ? this.subscriber.subscribe(...channels) : Promise.resolve()).then(
        () => this.reconnects.fire(),
        (error) => this.log('warn', 'redis pub/sub re-subscribe failed', { error: String(error) }),
      );
    });
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel.startsWith(this.prefix)) this.handlers.dispatch(channel.slice(this.prefix.length), payload);
    });
  }

  protected async send(channel: string, payload: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, payload);
  }

  protected async listen(channel: string, first: boolean): Promise<void> {
    if (first) await this.subscriber.subscribe(this.prefix + channel);
  }

  protected async unlisten(channel: string): Promise<void> {
    if (!this.closed) await this.subscriber.unsubscribe(this.prefix + channel).catch(() => {});
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
