import type { FastifyInstance } from 'fastify';
import { LocationIndexCreateRequestSchema } from '@vt/shared';
import { requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import type { LocationIndexService } from './location-index.service';

/**
 * The location index (spec 2 §3): at most 20 items per user. Adding the 21st removes the oldest in the same
 * transaction; the answer names the removed ids in `evicted`.
 */
export function locationIndexRoutes(app: FastifyInstance, { index }: { index: LocationIndexService }): void {
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
}
