import { describe, expect, it } from 'vitest';
import type { AnalysisEvent } from '@vt/shared';
import { MemoryPubSub } from '../../adapters/pubsub/memory.pubsub';
import { MAX_PAYLOAD_BYTES } from '../../adapters/pubsub';
import { eventually } from '../../adapters/pubsub/pubsub.contract';
import { ANALYSIS_EVENTS_CHANNEL, AnalysisEventBus } from './analysis-events';

const event = (id: number, type: AnalysisEvent['type'], data: Record<string, unknown> = {}): AnalysisEvent => ({
  id,
  analysisId: '6f1c0a52-3f5e-4c8e-9d0b-1b2c3d4e5f60',
  type,
  at: new Date(1_700_000_000_000 + id).toISOString(),
  data,
});

/** A carrier whose connection can be "lost and re-established" on demand. */
class ReconnectingPubSub extends MemoryPubSub {
  reconnected(): void {
    this.reconnects.fire();
  }
}

/** Two buses on one carrier stand for two server processes (the carrier itself is tested in adapters/pubsub). */
function twoProcesses(stored: AnalysisEvent[] = [], loadDelayMs = 0) {
  const pubsub = new ReconnectingPubSub();
  const loads: number[] = [];
  const eventsSince = async (analysisId: string, afterId: number) => {
    loads.push(afterId + 1);
    await new Promise((r) => setTimeout(r, loadDelayMs));
    return stored.filter((e) => e.analysisId === analysisId && e.id > afterId);
  };
  return {
    pubsub,
    loads,
    worker: new AnalysisEventBus({ pubsub, eventsSince }),
    web: new AnalysisEventBus({ pubsub, eventsSince }),
  };
}

describe('AnalysisEventBus across processes', () => {
  it('hands events to local subscribers at once and to other processes through the pub/sub, never twice', async () => {
    const { worker, web } = twoProcesses();
    await worker.connect();
    await web.connect();
    const here: string[] = [];
    const there: string[] = [];
    worker.subscribe(event(1, 'started').analysisId, (e) => here.push(e.type));
    web.subscribe(event(1, 'started').analysisId, (e) => there.push(e.type));
    worker.publish(event(1, 'started'));
    expect(here).toEqual(['started']);
    await eventually(() => expect(there).toEqual(['started']));
    await new Promise((r) => setTimeout(r, 50));
    expect(here).toEqual(['started']);
  });

  it('sends an event too large for one message as a reference, read from the store, keeping the order', async () => {
    const big = event(2, 'done', { result: { note: 'x'.repeat(MAX_PAYLOAD_BYTES) } });
    const { worker, web, loads } = twoProcesses([big], 100);
    await worker.connect();
    await web.connect();
    const there: AnalysisEvent[] = [];
    web.subscribe(big.analysisId, (e) => there.push(e));
    worker.publish(big);
    // Small and sent after: must not overtake the big one still being read.
    worker.publish(event(3, 'done'));
    await eventually(() => expect(there.map((e) => e.id)).toEqual([2, 3]));
    expect(there[0]).toEqual(big);
    expect(loads).toEqual([2]);
  });

  it('does not read referenced events nobody in this process watches, and stops hearing after disconnect', async () => {
    const { pubsub, worker, web, loads } = twoProcesses([event(4, 'done', { big: 'y'.repeat(MAX_PAYLOAD_BYTES) })]);
    await worker.connect();
    await web.connect();
    worker.publish(event(4, 'done', { big: 'y'.repeat(MAX_PAYLOAD_BYTES) }));
    await new Promise((r) => setTimeout(r, 50));
    expect(loads).toEqual([]);
    const there: string[] = [];
    web.subscribe(event(5, 'started').analysisId, (e) => there.push(e.type));
    await web.disconnect();
    await pubsub.publish(ANALYSIS_EVENTS_CHANNEL, { origin: 'elsewhere', event: event(5, 'started') });
    expect(there).toEqual([]);
  });

  it('after the carrier reconnects, re-reads the stored events of every watched analysis (what the gap lost)', async () => {
    const stored = [event(1, 'received'), event(2, 'started'), event(3, 'done')];
    const { pubsub, web, loads } = twoProcesses(stored);
    await web.connect();
    const there: number[] = [];
    web.subscribe(stored[0]!.analysisId, (e) => there.push(e.id));
    pubsub.reconnected();
    await eventually(() => expect(there).toEqual([1, 2, 3]));
    expect(loads).toEqual([1]);
    await web.disconnect();
    pubsub.reconnected();
    await new Promise((r) => setTimeout(r, 50));
    expect(loads).toEqual([1]);
  });
});
