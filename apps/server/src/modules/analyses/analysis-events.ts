import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { AnalysisEvent, AnalysisEventType } from '@vt/shared';
import type { EventRow } from './photos.repository';
import type { AnalysesRepository } from './analyses.repository';
import { fitsInMessage, type PubSub, type Unsubscribe } from '../../adapters/pubsub';
import type { AnalysisEventSink } from '../../engine/pipeline/ports';

export function toAnalysisEvent(row: EventRow): AnalysisEvent {
  return {
    id: row.id,
    analysisId: row.analysisId,
    type: row.type as AnalysisEventType,
    at: row.createdAt.toISOString(),
    data: row.data,
  };
}

/** The pub/sub channel analysis events travel on between processes. */
export const ANALYSIS_EVENTS_CHANNEL = 'analysis_events';

/** Either the event itself or, when it is too large for one message, where to read it. */
type SharedMessage =
  { origin: string; event: AnalysisEvent } | { origin: string; ref: { analysisId: string; id: number } };

export type SharedBusOptions = {
  pubsub: PubSub;
  /** Stored events after `afterId`: events too large to travel whole, and catching up after a reconnect. */
  eventsSince(analysisId: string, afterId: number): Promise<AnalysisEvent[]>;
  log?(level: 'warn' | 'error', message: string, details?: Record<string, unknown>): void;
};

/**
 * Fan-out of analysis events to SSE subscribers. Events are stored first (for replay), then published:
 * at once to this process's subscribers and, with `shared`, through the pub/sub to every other process
 * (so a browser connected to one server sees stages a worker in another produces).
 */
export class AnalysisEventBus {
  private readonly emitter = new EventEmitter();
  private readonly origin = randomUUID();
  // Sent and handled one after another: SSE streams drop an id lower than one already sent.
  private outgoing: Promise<void> = Promise.resolve();
  private incoming: Promise<void> = Promise.resolve();
  private unsubscribe: Unsubscribe | undefined;
  private stopCatchUp: (() => void) | undefined;

  constructor(private readonly shared?: SharedBusOptions) {
    // One listener per open SSE stream; the default cap of 10 would warn under ordinary use.
    this.emitter.setMaxListeners(0);
  }

  /** Starts hearing other processes' events; resolves once listening (before the server takes requests). */
  async connect(): Promise<void> {
    if (!this.shared || this.unsubscribe) return;
    this.unsubscribe = await this.shared.pubsub.subscribe(ANALYSIS_EVENTS_CHANNEL, (m) =>
      this.receive(m as SharedMessage),
    );
    this.stopCatchUp = this.shared.pubsub.onReconnect(() => this.catchUp());
  }

  async disconnect(): Promise<void> {
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    this.stopCatchUp?.();
    await stop?.().catch(() => {});
    await this.outgoing;
  }

  publish(event: AnalysisEvent): void {
    this.emitter.emit(event.analysisId, event);
    const shared = this.shared;
    if (!shared) return;
    const whole: SharedMessage = { origin: this.origin, event };
    const message: SharedMessage = fitsInMessage(whole)
      ? whole
      : { origin: this.origin, ref: { analysisId: event.analysisId, id: event.id } };
    // The job goes on if the carrier is down; a browser that missed stages gets them on reconnect (replay).
    this.outgoing = this.outgoing
      .then(() => shared.pubsub.publish(ANALYSIS_EVENTS_CHANNEL, message))
      .catch((error) =>
        shared.log?.('warn', 'analysis event not shared with other processes', { error: String(error) }),
      );
  }

  subscribe(analysisId: string, listener: (event: AnalysisEvent) => void): () => void {
    this.emitter.on(analysisId, listener);
    return () => this.emitter.off(analysisId, listener);
  }

  private receive(message: SharedMessage): void {
    const shared = this.shared!;
    if (!message || message.origin === this.origin) return;
    if ('event' in message) return this.enqueue(() => this.deliver(message.event));
    const { analysisId, id } = message.ref;
    // Nobody here is watching that analysis: no need to read it.
    if (!this.emitter.listenerCount(analysisId)) return;
    this.enqueue(async () => this.deliver((await shared.eventsSince(analysisId, id - 1)).find((e) => e.id === id)));
  }

  /**
   * After the carrier lost its connection, whatever was published meanwhile never arrives: every watched
   * analysis gets its stored events again (subscribers skip ids they already have, as SSE streams do).
   */
  private catchUp(): void {
    for (const analysisId of this.emitter.eventNames()) {
      if (typeof analysisId !== 'string') continue;
      this.enqueue(async () => {
        for (const event of await this.shared!.eventsSince(analysisId, 0)) this.deliver(event);
      });
    }
  }

  private deliver(event: AnalysisEvent | undefined): void {
    if (event) this.emitter.emit(event.analysisId, event);
  }

  // Queued behind any event still being read, to keep the order.
  private enqueue(task: () => Promise<void> | void): void {
    this.incoming = this.incoming
      .then(task)
      .catch((error) =>
        this.shared?.log?.('error', 'could not deliver a shared analysis event', { error: String(error) }),
      );
  }
}

/** Stores an event and tells live subscribers; the one way stages are reported. */
export class AnalysisEventRecorder implements AnalysisEventSink {
  constructor(
    private readonly repo: AnalysesRepository,
    readonly bus: AnalysisEventBus,
  ) {}

  async record(
    analysisId: string,
    type: AnalysisEventType,
    data: Record<string, unknown> = {},
  ): Promise<AnalysisEvent> {
    const event = toAnalysisEvent(await this.repo.appendEvent(analysisId, type, data));
    this.bus.publish(event);
    return event;
  }

  /** Publishes rows already stored in the same transaction as other writes (upload intake). */
  publishStored(rows: EventRow[]): void {
    for (const row of rows) this.bus.publish(toAnalysisEvent(row));
  }
}
