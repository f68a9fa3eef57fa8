import type { FastifyInstance } from 'fastify';
import { ReferenceImportDeleteRequestSchema, type ReferenceImportsResponse } from '@vt/shared';
import { requireFounder } from '../../auth/guards';
import { badRequest, describeZodError, notFound } from '../../lib/errors';
import type { ReferenceRepository } from './reference.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The founder's view of the organisation's reference imagery (R-GALLERY-8): list the imports, remove one. */
export function referenceRoutes(app: FastifyInstance, { repository }: { repository: ReferenceRepository }): void {
  app.get('/api/admin/reference-imports', async (request, reply): Promise<ReferenceImportsResponse> => {
    requireFounder(request);
    reply.header('cache-control', 'no-store');
    const imports = await repository.list();
    return {
      imports: imports.map((i) => ({
        id: i.id,
        folderName: i.folderName,
        createdAt: i.createdAt.toISOString(),
        finishedAt: i.finishedAt?.toISOString() ?? null,
        photos: i.photos,
      })),
      photos: imports.reduce((n, i) => n + i.photos, 0),
    };
  });

  app.delete<{ Params: { id: string } }>('/api/admin/reference-imports/:id', async (request) => {
    requireFounder(request);
    const parsed = ReferenceImportDeleteRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'confirmation_required');
    const deleted = UUID.test(request.params.id) ? await repository.remove(request.params.id) : null;
    if (deleted === null) throw notFound('No such reference import.');
    // Every process's gallery sees the smaller count before its next match and rebuilds its reference index.
    return { deleted };
  });
}
