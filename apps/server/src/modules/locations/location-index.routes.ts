import type { FastifyInstance } from 'fastify';
import { LocationIndexCreateRequestSchema } from '@vt/shared';
import { requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import type { LocationIndexService } from './location-index.service';
import type { IndexCheckService } from './index-check.service';

/**
 * The location index (R-INDEX-1): at most 20 items per user. Adding the 21st removes the oldest in the same
 * transaction; the answer names the removed ids in `evicted`.
 */
export function locationIndexRoutes(
  app: FastifyInstance,
  { index, checks }: { index: LocationIndexService; checks: IndexCheckService },
): void {
  app.get('/api/location-index', async (request) => index.list(requireUser(request)));

  app.post('/api/location-index', async (request, reply) => {
    const user = requireUser(request);
    const parsed = LocationIndexCreateRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_location');
    return reply.status(201).send(await index.add(user, parsed.data));
  });

  app.delete<{ Params: { id: string } }>('/api/location-index/:id', async (request) =>
    index.remove(requireUser(request), request.params.id),
  );

  app.delete('/api/location-index', async (request) => index.clear(requireUser(request)));

  // Each check may run OCR (about a second of CPU): a rate limit bounds what one client can make the server do.
  const checkLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  // Verify: cross-check the item against evidence independent of what produced it (R-INDEX-8).
  app.post<{ Params: { id: string } }>('/api/location-index/:id/verify', checkLimit, async (request) =>
    checks.verify(requireUser(request), request.params.id),
  );

  // Reevaluate: analyse the item's photo again and keep the new position and confidence.
  app.post<{ Params: { id: string } }>('/api/location-index/:id/reevaluate', checkLimit, async (request) =>
    checks.reevaluate(requireUser(request), request.params.id),
  );
}
