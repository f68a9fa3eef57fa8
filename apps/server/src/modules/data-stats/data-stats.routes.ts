import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ApiUsagePatternsSchema,
  ApiUsageStatsSchema,
  CategoriesEnvelopeSchema,
  CategoriesRequestSchema,
  CategoryStatsSchema,
  FeedbackEnvelopeSchema,
  FeedbackRequestSchema,
  FeedbackStatsSchema,
  ImageStatsSchema,
  NotificationStatsSchema,
  PatternsQuerySchema,
  SessionStatsSchema,
  TimeframeQuerySchema,
  type User,
} from '@vt/shared';
import { analysisIdParams, defineRoutes, route, type RouteDefinition } from '../openapi/route-definition';
import type { DataStatsService } from './data-stats.service';

/**
 * Usage statistics (R-DATA-5: api-usage, images, notifications, feedback, categories, sessions; `timeframe`
 * default 24 hours) and the writes behind feedback and categories. Thin: validation by the shared contracts
 * (bad input answers 400 naming the field), `scope=all` the founder's (R-DATA-6), rules in the service.
 */
export function dataStatsRoutes(app: FastifyInstance, { stats }: { stats: DataStatsService }): void {
  /** One figure over a time window of the caller's own data, or the whole database's. */
  const windowed = (
    path: string,
    summary: string,
    response: z.ZodType,
    figures: (user: User, scope: 'mine' | 'all', hours: number) => Promise<unknown>,
  ): RouteDefinition =>
    route({
      method: 'get',
      path,
      tag: 'usage',
      summary,
      access: 'user',
      query: TimeframeQuerySchema,
      response,
      handler: async ({ user, query }) => ({ stats: await figures(user, query.scope, query.timeframe) }),
    });

  defineRoutes(app, [
    windowed(
      '/api/api-usage/stats',
      'API requests in the timeframe (default 24h): counts, errors, durations, endpoints',
      ApiUsageStatsSchema,
      (user, scope, hours) => stats.apiUsage(user, scope, hours),
    ),
    route({
      method: 'get',
      path: '/api/api-usage/patterns',
      tag: 'usage',
      summary: 'Requests by hour of day and by day over `days` (default 7)',
      access: 'user',
      query: PatternsQuerySchema,
      response: ApiUsagePatternsSchema,
      handler: async ({ user, query }) => ({ patterns: await stats.apiPatterns(user, query.scope, query.days) }),
    }),
    windowed('/api/images/stats', 'Uploaded images and their size', ImageStatsSchema, (user, scope, hours) =>
      stats.images(user, scope, hours),
    ),
    windowed(
      '/api/notifications/stats',
      'Notifications (announcements) stored on the server',
      NotificationStatsSchema,
      (user, scope, hours) => stats.notifications(user, scope, hours),
    ),
    windowed(
      '/api/feedback/stats',
      'Ratings: count, average, distribution',
      FeedbackStatsSchema,
      (user, scope, hours) => stats.feedback(user, scope, hours),
    ),
    windowed(
      '/api/categories/stats',
      'Categories and how many analyses carry them',
      CategoryStatsSchema,
      (user, scope, hours) => stats.categories(user, scope, hours),
    ),
    windowed('/api/sessions/stats', 'Sessions and sign-ins', SessionStatsSchema, (user, scope, hours) =>
      stats.sessions(user, scope, hours),
    ),
    route({
      method: 'get',
      path: '/api/analysis/{id}/feedback',
      tag: 'feedback',
      summary: 'Your rating of one of your analyses',
      access: 'owner',
      ...analysisIdParams,
      response: FeedbackEnvelopeSchema,
      handler: async ({ user, params }) => ({ feedback: await stats.getFeedback(user, params.id) }),
    }),
    route({
      method: 'put',
      path: '/api/analysis/{id}/feedback',
      tag: 'feedback',
      summary: 'Rate one of your analyses 1–5 with an optional comment',
      access: 'owner',
      ...analysisIdParams,
      body: FeedbackRequestSchema,
      response: FeedbackEnvelopeSchema,
      handler: async ({ user, params, body }) => ({ feedback: await stats.rate(user, params.id, body) }),
    }),
    route({
      method: 'delete',
      path: '/api/analysis/{id}/feedback',
      tag: 'feedback',
      summary: 'Remove your rating',
      access: 'owner',
      ...analysisIdParams,
      response: FeedbackEnvelopeSchema,
      handler: async ({ user, params }) => {
        await stats.removeFeedback(user, params.id);
        return { feedback: null };
      },
    }),
    route({
      method: 'get',
      path: '/api/analysis/{id}/categories',
      tag: 'categories',
      summary: 'Categories of one of your analyses',
      access: 'owner',
      ...analysisIdParams,
      response: CategoriesEnvelopeSchema,
      handler: async ({ user, params }) => ({
        analysis_id: params.id,
        categories: await stats.getCategories(user, params.id),
      }),
    }),
    route({
      method: 'put',
      path: '/api/analysis/{id}/categories',
      tag: 'categories',
      summary: 'Replace the categories of one of your analyses',
      access: 'owner',
      ...analysisIdParams,
      body: CategoriesRequestSchema,
      response: CategoriesEnvelopeSchema,
      handler: async ({ user, params, body }) => ({
        analysis_id: params.id,
        categories: await stats.setCategories(user, params.id, body.categories),
      }),
    }),
  ]);
}
