import type { FastifyInstance } from 'fastify';
import {
  NotificationCreateRequestSchema,
  NotificationCreateResponseSchema,
  NotificationCurrentResponseSchema,
  NotificationDeleteQuerySchema,
  NotificationDeleteResponseSchema,
  NotificationStreamMessageSchema,
} from '@vt/shared';
import { eventStreams } from '../../lib/sse';
import { defineRoutes, route } from '../openapi/route-definition';
import type { NotificationsService } from './notifications.service';

const HEARTBEAT_MS = 25_000;

/** The announcement calls (R-BANNER-1, R-BANNER-3), plus a stream that pushes the current one when it changes. */
export function notificationsRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): void {
  const openEventStream = eventStreams(app, { heartbeatMs: HEARTBEAT_MS, retryMs: 3000 });

  defineRoutes(app, [
    // Public: the spec's banner is for every visitor on every screen, signed out included. The announcement is
    // what the founder chose to show everyone; it names no author.
    route({
      method: 'get',
      path: '/api/notifications',
      tag: 'notifications',
      summary: 'The announcement shown to every visitor, if any',
      access: 'public',
      response: NotificationCurrentResponseSchema,
      handler: async () => ({ success: true, current: await notifications.current() }),
    }),
    route({
      method: 'post',
      path: '/api/notifications',
      tag: 'notifications',
      summary: 'Publish an announcement to every visitor',
      access: 'founder',
      body: NotificationCreateRequestSchema,
      invalidCode: 'invalid_notification',
      response: NotificationCreateResponseSchema,
      status: 201,
      handler: async ({ user, body }) => ({ success: true, notification: await notifications.create(user, body) }),
    }),
    route({
      method: 'delete',
      path: '/api/notifications',
      tag: 'notifications',
      summary: 'Remove the current announcement, or every one with `clearAll=true`',
      access: 'founder',
      query: NotificationDeleteQuerySchema,
      invalidCode: 'invalid_notification',
      invalidMessage: 'clearAll must be true or false',
      response: NotificationDeleteResponseSchema,
      handler: async ({ query }) => ({
        success: true,
        message: await notifications.clear(query.clearAll === 'true'),
      }),
    }),
    route({
      method: 'get',
      path: '/api/notifications/stream',
      tag: 'notifications',
      summary: 'The current announcement as Server-Sent Events (`notification`), on connect and after every change',
      access: 'user',
      response: NotificationStreamMessageSchema,
      produces: 'text/event-stream',
      handler: async ({ request, reply }) => {
        let last: string | undefined;
        let stopListening = () => {};
        const stream = openEventStream(request, reply, () => stopListening());
        const send = (current: unknown) => {
          const data = JSON.stringify({ current });
          // Several signals can re-read the same state; browsers need each change once.
          if (data === last) return;
          last = data;
          stream.send('notification', data);
        };
        stopListening = notifications.listen(send);
        try {
          send(await notifications.current());
        } catch (error) {
          request.log.error({ err: error }, 'announcement read failed');
          stream.end();
        }
      },
    }),
  ]);
}
