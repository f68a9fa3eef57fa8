import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { PubSub, Unsubscribe } from '../../adapters/pubsub';

/** The pub/sub channel a trip's own changes travel on between processes (photos added, renamed, deleted). */
export const TRIP_CHANGES_CHANNEL = 'trip_changes';

export type TripChange = { tripId: string; kind: 'changed' | 'deleted' };
type Message = TripChange & { origin: string };

/**
 * Changes of a trip itself, told to every process's trip streams (the photos' own stages travel as analysis events,
 * modules/analyses/analysis-events.ts). A message is only a trip id and a kind: streams read the trip again.
 */
export class TripChanges {
  private readonly emitter = new EventEmitter();
  private readonly origin = randomUUID();
  private unsubscribe: Unsubscribe | undefined;

  constructor(
    private readonly pubsub: PubSub | undefined,
    private readonly log: (message: string, details: Record<string, unknown>) => void = () => {},
  ) {
    this.emitter.setMaxListeners(0);
  }

  async connect(): Promise<void> {
    if (!this.pubsub || this.unsubscribe) return;
    this.unsubscribe = await this.pubsub.subscribe(TRIP_CHANGES_CHANNEL, (m) => {
      const message = m as Message;
      if (message?.origin !== this.origin && message?.tripId) this.emitter.emit(message.tripId, message);
    });
  }

  async disconnect(): Promise<void> {
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    await stop?.().catch(() => {});
  }

  publish(tripId: string, kind: TripChange['kind']): void {
    this.emitter.emit(tripId, { tripId, kind });
    this.pubsub
      ?.publish(TRIP_CHANGES_CHANNEL, { tripId, kind, origin: this.origin } satisfies Message)
      .catch((error: unknown) => this.log('trip change not shared with other processes', { error: String(error) }));
  }

  subscribe(tripId: string, listener: (change: TripChange) => void): () => void {
    this.emitter.on(tripId, listener);
    return () => this.emitter.off(tripId, listener);
  }
}
