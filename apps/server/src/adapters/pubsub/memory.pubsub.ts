import { PubSubCarrier } from './pubsub';

/** One process (PGlite, tests): messages go straight to this process's handlers, still as JSON copies. */
export class MemoryPubSub extends PubSubCarrier {
  readonly kind = 'memory' as const;
  readonly connected = true;
  // `reconnects` is never fired by this carrier (it has no connection to lose); subclasses in tests may.

  protected async send(channel: string, payload: string): Promise<void> {
    this.handlers.dispatch(channel, payload);
  }

  protected async listen(): Promise<void> {}

  protected async unlisten(): Promise<void> {}

  /** Nothing to let go of: the handlers go, as they would with the process. */
  async close(): Promise<void> {
    this.handlers.clear();
  }
}
