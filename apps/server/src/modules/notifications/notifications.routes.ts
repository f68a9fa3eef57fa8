import type { FastifyInstance } from 'fastify';
import { NotificationCreateRequestSchema } from '@vt/shared';
import { requireFounder, requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import { eventStreams } from '../../lib/sse';
import type { NotificationsService } from './notifications.service';

const HEARTBEAT_MS = 25_000;

/** The announcement calls (R-BANNER-1, R-BANNER-3), plus a stream that pushes the current one when it changes. */
export function notificationsRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): void {
  const openEventStream = eventStreams(app, { heartbeatMs: HEARTBEAT_MS, retryMs: 3000 });

  // Public: the spec's banner is for every visitor on every screen, signed out included. The announcement is
  // what the founder chose to show everyone; it names no author.
  app.get('/api/notifications', async () => {
    return { success: true, current: await notifications.current() };
  });

  app.post('/api/notifications', async (request, reply) => {
    const user = requireFounder(request);
    const parsed = NotificationCreateRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_notification');
    return reply.status(201).send({ success: true, notification: await notifications.create(user, parsed.data) });
  });

  app.delete<{ Querystring: { clearAll?: string } }>('/api/notifications', async (request) => {
    requireFounder(request);
    const flag = request.query.clearAll ?? 'false';
    if (flag !== 'true' && flag !== 'false') throw badRequest('clearAll must be true or false', 'invalid_notification');
    return { success: true, message: await notifications.clear(flag === 'true') };
  });

  app.get('/api/notifications/stream', async (request, reply) => {
    requireUser(request);
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
  });
}
