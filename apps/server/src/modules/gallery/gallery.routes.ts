import type { FastifyInstance } from 'fastify';
import { GalleryDeleteRequestSchema, GallerySettingsUpdateSchema, type GallerySettings } from '@vt/shared';
import { requireUser } from '../../auth/guards';
import { badRequest, describeZodError } from '../../lib/errors';
import type { GalleryRepository } from './gallery.repository';

/** The user's own gallery setting and entries; always the signed-in user's, never another's. */
export function galleryRoutes(app: FastifyInstance, { repository }: { repository: GalleryRepository }): void {
  const settingsOf = async (userId: string): Promise<GallerySettings> => ({
    enabled: await repository.enabled(userId),
    entries: await repository.count(userId),
  });

  app.get('/api/gallery/settings', async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'no-store');
    return settingsOf(user.id);
  });

  app.put('/api/gallery/settings', async (request, reply) => {
    const user = requireUser(request);
    const parsed = GallerySettingsUpdateSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'invalid_gallery_settings');
    // Turning it off stops new entries; the existing ones stay until the user deletes them (offered in the UI).
    await repository.setEnabled(user.id, parsed.data.enabled);
    reply.header('cache-control', 'no-store');
    return settingsOf(user.id);
  });

  app.delete('/api/gallery/entries', async (request) => {
    const user = requireUser(request);
    const parsed = GalleryDeleteRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw badRequest(describeZodError(parsed.error), 'confirmation_required');
    return { deleted: await repository.deleteAll(user.id) };
  });
}
