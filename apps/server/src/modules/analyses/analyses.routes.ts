import type { FastifyInstance } from 'fastify';
import { TERMINAL_ANALYSIS_EVENTS, type AnalysisEvent } from '@vt/shared';
import { requireUser } from '../../auth/guards';
import { eventStreams } from '../../lib/sse';
import type { AnalysesService } from './analyses.service';

const HEARTBEAT_MS = 15_000;

export function analysesRoutes(app: FastifyInstance, { analyses }: { analyses: AnalysesService }): void {
  const openEventStream = eventStreams(app, { heartbeatMs: HEARTBEAT_MS, retryMs: 2000 });

  app.get<{ Params: { id: string } }>('/api/analyses/:id', async (request) => {
    const user = requireUser(request);
    return { analysis: await analyses.get(user, request.params.id) };
  });

  /**
   * Stages as Server-Sent Events. Subscribes before reading the stored events, so nothing that happens in
   * between is lost; ids dedupe the overlap. `Last-Event-ID` (or ?lastEventId) resumes after a reconnect.
   * The stream ends after `done` or `failed`.
   */
  app.get<{ Params: { id: string }; Querystring: { lastEventId?: string } }>(
    '/api/analyses/:id/events',
    async (request, reply) => {
      const user = requireUser(request);
      const analysis = await analyses.find(user, request.params.id);
      const header = request.headers['last-event-id'];
      const after = Number((typeof header === 'string' ? header : undefined) ?? request.query.lastEventId ?? 0) || 0;

      const pending: AnalysisEvent[] = [];
      let replaying = true;
      let lastSent = after;
      let unsubscribe = () => {};
      const stream = openEventStream(request, reply, () => unsubscribe());

      const write = (event: AnalysisEvent) => {
        if (stream.ended || event.id <= lastSent) return;
        lastSent = event.id;
        stream.send(event.type, JSON.stringify(event), event.id);
        if (TERMINAL_ANALYSIS_EVENTS.includes(event.type)) stream.end();
      };
      unsubscribe = analyses.subscribe(analysis.id, (event) => (replaying ? pending.push(event) : write(event)));
      try {
        for (const event of await analyses.replay(analysis.id, after)) write(event);
      } catch (error) {
        request.log.error({ err: error }, 'event replay failed');
        stream.end();
        return;
      } finally {
        replaying = false;
      }
      for (const event of pending.sort((a, b) => a.id - b.id)) write(event);
    },
  );
}
