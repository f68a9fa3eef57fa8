/**
 * Messages between server processes (analysis stages, announcements). One interface, three carriers:
 * in-process (PGlite: one process), PostgreSQL LISTEN/NOTIFY (DATABASE_URL), Redis (REDIS_URL).
 * Delivery is at-most-once and only to subscribers listening at the time: anything that must not be
 * lost is stored first, and a message carries ids or small events that subscribers can look up.
 */
export type PubSubHandler = (message: unknown) => void;
export type Unsubscribe = () => Promise<void>;

export interface PubSub {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Whether messages are flowing now (its listening connection is up); for /api/health. */
  readonly connected: boolean;
  /** Sends a JSON-serialisable message to every subscriber of `channel`, in every process (this one too). */
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live: anything published after that reaches `handler`. */
  subscribe(channel: string, handler: PubSubHandler): Promise<Unsubscribe>;
  /**
   * Called each time a lost connection has been re-established and every subscription is live again.
   * Messages sent in the gap are gone: a listener catches up from the store (stored events, announcements).
   */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; every carrier enforces the same bound so code
 * that works on PGlite or Redis cannot fail only in production.
 */
export const MAX_PAYLOAD_BYTES = 7900;

export class PayloadTooLargeError extends Error {
  constructor(bytes: number) {
    super(
      `Pub/sub message of ${bytes} bytes exceeds ${MAX_PAYLOAD_BYTES}; publish an id and let subscribers read the rest`,
    );
    this.name = 'PayloadTooLargeError';
  }
}

/** Channel names double as PostgreSQL identifiers, so they stay short and plain. */
export function assertChannel(channel: string): void {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(channel)) throw new Error(`Invalid pub/sub channel name: ${channel}`);
}

export function encodeMessage(channel: string, message: unknown): string {
  assertChannel(channel);
  const payload = JSON.stringify(message);
  if (payload === undefined) throw new Error('Pub/sub messages must be JSON-serialisable');
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_PAYLOAD_BYTES) throw new PayloadTooLargeError(bytes);
  return payload;
}

export function fitsInMessage(message: unknown): boolean {
  const payload = JSON.stringify(message);
  return payload !== undefined && Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES;
}

export type PubSubLog = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;

/** Handlers of one channel; a throwing handler is logged and does not stop the others. */
export class HandlerRegistry {
  private readonly byChannel = new Map<string, Set<PubSubHandler>>();

  constructor(private readonly log: PubSubLog) {}

  /** Adds a handler; true when it is the channel's first (the carrier must start listening). */
  add(channel: string, handler: PubSubHandler): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(handler);
    return first;
  }

  /** Removes a handler; true when the channel has none left (the carrier may stop listening). */
  remove(channel: string, handler: PubSubHandler): boolean {
    const set = this.byChannel.get(channel);
    if (!set || !set.delete(handler)) return false;
    if (set.size) return false;
    this.byChannel.delete(channel);
    return true;
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  has(channel: string): boolean {
    return this.byChannel.has(channel);
  }

  dispatch(channel: string, payload: string): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      this.log('warn', 'pub/sub message is not JSON', { channel });
      return;
    }
    for (const handler of [...set]) {
      try {
        handler(message);
      } catch (error) {
        this.log('error', 'pub/sub handler failed', { channel, error: String(error) });
      }
    }
  }

  clear(): void {
    this.byChannel.clear();
  }
}

/** The onReconnect listeners of one carrier. */
export class ReconnectListeners {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly log: PubSubLog) {}

  add(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  fire(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        this.log('error', 'pub/sub reconnect listener failed', { error: String(error) });
      }
    }
  }
}

/**
 * What every carrier does alike: checks channel names and payload sizes, keeps the handlers of each channel and
 * the reconnect listeners, and starts or stops hearing a channel when its first handler comes or its last goes.
 * A carrier says only how it sends, starts and stops listening, and closes.
 */
export abstract class PubSubCarrier implements PubSub {
  abstract readonly kind: PubSub['kind'];
  abstract readonly connected: boolean;
  protected readonly handlers: HandlerRegistry;
  protected readonly reconnects: ReconnectListeners;
  /** Set by a carrier's close() when it lets go of its connections: it takes no more subscriptions. */
  protected closed = false;

  constructor(protected readonly log: PubSubLog = () => {}) {
    this.handlers = new HandlerRegistry(log);
    this.reconnects = new ReconnectListeners(log);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.send(channel, encodeMessage(channel, message));
  }

  async subscribe(channel: string, handler: PubSubHandler): Promise<Unsubscribe> {
    assertChannel(channel);
    if (this.closed) throw new Error('Pub/sub is closed');
    const first = this.handlers.add(channel, handler);
    try {
      await this.listen(channel, first);
    } catch (error) {
      this.handlers.remove(channel, handler);
      throw error;
    }
    return async () => {
      if (this.handlers.remove(channel, handler)) await this.unlisten(channel);
    };
  }

  onReconnect(listener: () => void): () => void {
    return this.reconnects.add(listener);
  }

  abstract close(): Promise<void>;

  /** Carries an encoded message to every process listening on `channel`. */
  protected abstract send(channel: string, payload: string): Promise<void>;
  /** Makes sure messages on `channel` reach this process; `first` when it had no handler before. */
  protected abstract listen(channel: string, first: boolean): Promise<void>;
  /** The channel's last handler has gone: this process may stop listening to it. */
  protected abstract unlisten(channel: string): Promise<void>;
}
