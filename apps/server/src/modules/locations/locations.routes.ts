import type { FastifyInstance } from 'fastify';
import { AnalysisCorrectionRequestSchema, LocationCreateRequestSchema, LocationsPageQuerySchema } from '@vt/shared';
import { requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import { countyOutline } from './county-outline';
import type { LocationsService } from './locations.service';
import type { CorrectionService } from './correction.service';

/** Location history (R-DATA-1) and the county outline for static previews. */
export function locationsRoutes(
  app: FastifyInstance,
  { locations, corrections }: { locations: LocationsService; corrections: CorrectionService },
): void {
  // The owner moves an analysis to where the photo was really taken (dragged marker or chosen candidate).
  app.post<{ Params: { id: string } }>('/api/analyses/:id/correction', async (request) => {
    const user = requireUser(request);
    const parsed = AnalysisCorrectionRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_point');
    return { analysis: await corrections.correct(user, request.params.id, parsed.data) };
  });

  app.post('/api/locations/create', async (request, reply) => {
    const user = requireUser(request);
    const parsed = LocationCreateRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_location');
    return reply.status(201).send({ location: await locations.create(user, parsed.data) });
  });

  app.get('/api/locations/my', async (request) => {
    const user = requireUser(request);
    const parsed = LocationsPageQuerySchema.safeParse(request.query ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_page');
    return locations.listMine(user, parsed.data.limit, parsed.data.offset);
  });

  // Public geography, the same for everyone: cacheable, no session needed.
  app.get('/api/geo/county-outline', async (_request, reply) => {
    return reply.header('cache-control', 'public, max-age=86400').send(countyOutline());
  });
}
