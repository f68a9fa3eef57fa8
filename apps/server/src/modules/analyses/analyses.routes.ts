import type { FastifyInstance } from 'fastify';
import {
  AnalysisEnvelopeSchema,
  AnalysisEventSchema,
  AnalysisEventsQuerySchema,
  TERMINAL_ANALYSIS_EVENTS,
  type AnalysisEvent,
} from '@vt/shared';
import { eventStreams } from '../../lib/sse';
import { analysisIdParams, defineRoutes, route } from '../openapi/route-definition';
import type { AnalysesService } from './analyses.service';

const HEARTBEAT_MS = 15_000;

const notYours = { 404: 'No such analysis among yours (another user’s id answers 404 too)' };

export function analysesRoutes(app: FastifyInstance, { analyses }: { analyses: AnalysesService }): void {
  const openEventStream = eventStreams(app, { heartbeatMs: HEARTBEAT_MS, retryMs: 2000 });

  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/analyses/{id}',
      tag: 'analysis',
      summary: 'One of your analyses with its status, result and evidence (a founder may read any)',
      access: 'user',
      ...analysisIdParams,
      response: AnalysisEnvelopeSchema,
      errors: notYours,
      handler: async ({ user, params }) => ({ analysis: await analyses.get(user, params.id) }),
    }),
    /**
     * Stages as Server-Sent Events. Subscribes before reading the stored events, so nothing that happens in
     * between is lost; ids dedupe the overlap. `Last-Event-ID` (or ?lastEventId) resumes after a reconnect.
     * The stream ends after `done` or `failed`.
     */
    route({
      method: 'get',
      path: '/api/analyses/{id}/events',
      tag: 'analysis',
      summary:
        'The analysis’ stages as Server-Sent Events (`received` … `done` or `failed`, then the stream ends); `Last-Event-ID` resumes',
      access: 'user',
      ...analysisIdParams,
      query: AnalysisEventsQuerySchema,
      response: AnalysisEventSchema,
      produces: 'text/event-stream',
      errors: notYours,
      handler: async ({ user, params, query, request, reply }) => {
        const analysis = await analyses.find(user, params.id);
        const header = request.headers['last-event-id'];
        const after = typeof header === 'string' ? Number(header) || 0 : (query.lastEventId ?? 0);

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
    }),
  ]);
}
