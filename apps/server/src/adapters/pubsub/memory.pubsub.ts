import {
  assertChannel,
  encodeMessage,
  HandlerRegistry,
  ReconnectListeners,
  type PubSub,
  type PubSubHandler,
  type PubSubLog,
  type Unsubscribe,
} from './pubsub';

/** One process (PGlite, tests): messages go straight to this process's handlers, still as JSON copies. */
export class MemoryPubSub implements PubSub {
  readonly kind = 'memory' as const;
  readonly connected = true;
  private readonly handlers: HandlerRegistry;
  /** Never fired by this carrier (it has no connection to lose); subclasses in tests may. */
  protected readonly reconnects: ReconnectListeners;

  constructor(log: PubSubLog = () => {}) {
    this.handlers = new HandlerRegistry(log);
    this.reconnects = new ReconnectListeners(log);
  }

  onReconnect(listener: () => void): () => void {
    return this.reconnects.add(listener);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    this.handlers.dispatch(channel, encodeMessage(channel, message));
  }

  async subscribe(channel: string, handler: PubSubHandler): Promise<Unsubscribe> {
    assertChannel(channel);
    this.handlers.add(channel, handler);
    return async () => {
      this.handlers.remove(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
