import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ActivityEventSchema,
  ActivityLogResponseSchema,
  ActivityRecordedSchema,
  ActivityStatsSchema,
  AdminUsersResponseSchema,
  InactiveCleanupRequestSchema,
  InactiveCleanupResponseSchema,
  MarkNotificationsReadResponseSchema,
  MarkNotificationsReadSchema,
  UserNotificationsResponseSchema,
  UserStatusSchema,
} from '@vt/shared';
import { defineRoutes, route } from '../openapi/route-definition';
import type { ActivityService } from './activity.service';

/**
 * A browser sends a few events a minute (debounced, heartbeat every 2 minutes); this bounds a runaway or hostile client
 * per address without touching real use. A 429 is dropped by the tracker, as the spec drops other statuses.
 */
const ACTIVITY_RATE_LIMIT = { config: { rateLimit: { max: 240, timeWindow: '1 minute' } } };

/**
 * Activity and presence (R-ACTIVITY-1, R-ACTIVITY-4), the founder's users, statistics and cleanup, and per-user
 * notifications.
 */
export function activityRoutes(app: FastifyInstance, { activity }: { activity: ActivityService }): void {
  defineRoutes(app, [
    route({
      method: 'post',
      path: '/api/users/activity',
      tag: 'users',
      summary: 'Record an activity event of the signed-in user (`userEmail` must be yours; 240 a minute)',
      access: 'user',
      body: ActivityEventSchema,
      invalidCode: 'invalid_activity',
      response: ActivityRecordedSchema,
      errors: { 403: '`userEmail` is not the signed-in user’s', 429: 'Too many events from this address' },
      options: ACTIVITY_RATE_LIMIT,
      handler: async ({ user, body }) => {
        await activity.record(user, body);
        return { success: true };
      },
    }),
    route({
      method: 'put',
      path: '/api/users/{email}/status',
      tag: 'users',
      summary: 'Set your online status and current page (240 a minute)',
      access: 'user',
      params: z.object({ email: z.string().describe('Your e-mail address') }),
      body: UserStatusSchema,
      invalidCode: 'invalid_status',
      response: ActivityRecordedSchema,
      errors: { 404: 'Not your e-mail address', 429: 'Too many updates from this address' },
      options: ACTIVITY_RATE_LIMIT,
      handler: async ({ user, params, body }) => {
        await activity.setStatus(user, params.email, body);
        return { success: true };
      },
    }),
    route({
      method: 'get',
      path: '/api/users/me/notifications',
      tag: 'notifications',
      summary: 'Your notifications, newest first',
      access: 'user',
      response: UserNotificationsResponseSchema,
      cacheControl: 'no-store',
      handler: async ({ user }) => activity.notifications(user),
    }),
    route({
      method: 'post',
      path: '/api/users/me/notifications/read',
      tag: 'notifications',
      summary: 'Mark some of your notifications (`ids`) or all of them (`all: true`) read',
      access: 'user',
      body: MarkNotificationsReadSchema,
      response: MarkNotificationsReadResponseSchema,
      handler: async ({ user, body }) => ({
        success: true,
        marked: await activity.markRead(user, body.all ? 'all' : (body.ids ?? [])),
      }),
    }),
    // Admin-capable people (R-ADMIN-2) see who uses the product; only the founder role may delete anyone (R-ADMIN-3).
    route({
      method: 'get',
      path: '/api/admin/users',
      tag: 'admin',
      summary: 'Every account with its activity',
      access: 'admin',
      response: AdminUsersResponseSchema,
      cacheControl: 'no-store',
      handler: async () => activity.users(),
    }),
    route({
      method: 'get',
      path: '/api/admin/activity/stats',
      tag: 'admin',
      summary: 'Users, activity and analyses today and in total',
      access: 'admin',
      response: z.object({ stats: ActivityStatsSchema }),
      cacheControl: 'no-store',
      handler: async ({ user }) => ({ stats: await activity.stats(user) }),
    }),
    route({
      method: 'get',
      path: '/api/admin/activity',
      tag: 'admin',
      summary: 'The activity log, newest first',
      access: 'admin',
      response: ActivityLogResponseSchema,
      cacheControl: 'no-store',
      handler: async () => ({ entries: await activity.log() }),
    }),
    route({
      method: 'post',
      path: '/api/admin/users/cleanup',
      tag: 'admin',
      summary:
        'Count users inactive for `days` (dry run, the default), or delete them with `confirmCount` equal to the dry run’s count',
      access: 'founder',
      body: InactiveCleanupRequestSchema,
      invalidCode: 'invalid_cleanup',
      response: InactiveCleanupResponseSchema,
      errors: { 409: 'The count changed since the dry run (or there was none)' },
      handler: async ({ body }) => activity.cleanup(body),
    }),
  ]);
}
