import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CategoriesRequestSchema, FeedbackRequestSchema, PatternsQuerySchema, TimeframeQuerySchema } from '@vt/shared';
import { requireFounder, requireUser } from '../../auth/guards';
import type { DataStatsService, Scope } from './data-stats.service';

/** Who asks and for what window: the user first (401 before any validation message), `scope=all` founder-only. */
function windowed(request: FastifyRequest) {
  requireUser(request);
  const q = TimeframeQuerySchema.parse(request.query ?? {});
  const user = q.scope === 'all' ? requireFounder(request) : requireUser(request);
  return { user, scope: q.scope as Scope, hours: q.timeframe };
}

type IdParams = { Params: { id: string } };

/**
 * Usage statistics (R-DATA-5: api-usage, images, notifications, feedback, categories, sessions; `timeframe`
 * default 24 hours) and the writes behind feedback and categories. Thin: validation by the shared contracts
 * (zod errors answer 400 naming the field), rules in the service.
 */
export function dataStatsRoutes(app: FastifyInstance, { stats }: { stats: DataStatsService }): void {
  app.get('/api/api-usage/stats', async (request) => {
    const { user, scope, hours } = windowed(request);
    return { stats: await stats.apiUsage(user, scope, hours) };
  });

  app.get('/api/api-usage/patterns', async (request) => {
    requireUser(request);
    const q = PatternsQuerySchema.parse(request.query ?? {});
    const user = q.scope === 'all' ? requireFounder(request) : requireUser(request);
    return { patterns: await stats.apiPatterns(user, q.scope, q.days) };
  });

  app.get('/api/images/stats', async (request) => {
    const { user, scope, hours } = windowed(request);
    return { stats: await stats.images(user, scope, hours) };
  });

  app.get('/api/notifications/stats', async (request) => {
    const { user, scope, hours } = windowed(request);
    return { stats: await stats.notifications(user, scope, hours) };
  });

  app.get('/api/feedback/stats', async (request) => {
    const { user, scope, hours } = windowed(request);
    return { stats: await stats.feedback(user, scope, hours) };
  });

  app.get('/api/categories/stats', async (request) => {
    const { user, scope, hours } = windowed(request);
    return { stats: await stats.categories(user, scope, hours) };
  });

  app.get('/api/sessions/stats', async (request) => {
    const { user, scope, hours } = windowed(request);
    return { stats: await stats.sessions(user, scope, hours) };
  });

  app.get<IdParams>('/api/analysis/:id/feedback', async (request) => {
    const user = requireUser(request);
    return { feedback: await stats.getFeedback(user, request.params.id) };
  });

  app.put<IdParams>('/api/analysis/:id/feedback', async (request) => {
    const user = requireUser(request);
    const body = FeedbackRequestSchema.parse(request.body ?? {});
    return { feedback: await stats.rate(user, request.params.id, body) };
  });

  app.delete<IdParams>('/api/analysis/:id/feedback', async (request) => {
    const user = requireUser(request);
    await stats.removeFeedback(user, request.params.id);
    return { feedback: null };
  });

  app.get<IdParams>('/api/analysis/:id/categories', async (request) => {
    const user = requireUser(request);
    return { analysis_id: request.params.id, categories: await stats.getCategories(user, request.params.id) };
  });

  app.put<IdParams>('/api/analysis/:id/categories', async (request) => {
    const user = requireUser(request);
    const body = CategoriesRequestSchema.parse(request.body ?? {});
    return {
      analysis_id: request.params.id,
      categories: await stats.setCategories(user, request.params.id, body.categories),
    };
  });
}
