import type { FastifyInstance } from 'fastify';
import {
  ActivityEventSchema,
  InactiveCleanupRequestSchema,
  MarkNotificationsReadSchema,
  UserStatusSchema,
} from '@vt/shared';
import { requireAdmin, requireFounder, requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import type { ActivityService } from './activity.service';

/**
 * Activity and presence (R-ACTIVITY-1, R-ACTIVITY-4), the founder's users, statistics and cleanup, and per-user
 * notifications.
 */
/**
 * A browser sends a few events a minute (debounced, heartbeat every 2 minutes); this bounds a runaway or hostile client
 * per address without touching real use. A 429 is dropped by the tracker, as the spec drops other statuses.
 */
const ACTIVITY_RATE_LIMIT = { rateLimit: { max: 240, timeWindow: '1 minute' } };

export function activityRoutes(app: FastifyInstance, { activity }: { activity: ActivityService }): void {
  app.post('/api/users/activity', { config: ACTIVITY_RATE_LIMIT }, async (request) => {
    const user = requireUser(request);
    const parsed = ActivityEventSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_activity');
    await activity.record(user, parsed.data);
    return { success: true };
  });

  app.put<{ Params: { email: string } }>(
    '/api/users/:email/status',
    { config: ACTIVITY_RATE_LIMIT },
    async (request) => {
      const user = requireUser(request);
      const parsed = UserStatusSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_status');
      await activity.setStatus(user, request.params.email, parsed.data);
      return { success: true };
    },
  );

  app.get('/api/users/me/notifications', async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return activity.notifications(user);
  });

  app.post('/api/users/me/notifications/read', async (request) => {
    const user = requireUser(request);
    const parsed = MarkNotificationsReadSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_request');
    return { success: true, marked: await activity.markRead(user, parsed.data.all ? 'all' : (parsed.data.ids ?? [])) };
  });

  // Admin-capable people (R-ADMIN-2) see who uses the product; only the founder role may delete anyone.
  app.get('/api/admin/users', async (request, reply) => {
    await requireAdmin(request);
    reply.header('cache-control', 'no-store');
    return activity.users();
  });

  app.get('/api/admin/activity/stats', async (request, reply) => {
    const user = await requireAdmin(request);
    reply.header('cache-control', 'no-store');
    return { stats: await activity.stats(user) };
  });

  app.get('/api/admin/activity', async (request, reply) => {
    await requireAdmin(request);
    reply.header('cache-control', 'no-store');
    return { entries: await activity.log() };
  });

  app.post('/api/admin/users/cleanup', async (request) => {
    requireFounder(request);
    const parsed = InactiveCleanupRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_cleanup');
    return activity.cleanup(parsed.data);
  });
}
