import type { FastifyInstance } from 'fastify';
import {
  GalleryDeletedSchema,
  GalleryDeleteRequestSchema,
  GallerySettingsSchema,
  GallerySettingsUpdateSchema,
  type GallerySettings,
} from '@vt/shared';
import { defineRoutes, route } from '../openapi/route-definition';
import type { GalleryRepository } from './gallery.repository';

/** The user's own gallery setting and entries (R-GALLERY-1); always the signed-in user's, never another's. */
export function galleryRoutes(app: FastifyInstance, { repository }: { repository: GalleryRepository }): void {
  const settingsOf = async (userId: string): Promise<GallerySettings> => ({
    enabled: await repository.enabled(userId),
    entries: await repository.count(userId),
  });

  defineRoutes(app, [
    route({
      method: 'get',
      path: '/api/gallery/settings',
      tag: 'gallery',
      summary: 'Whether your located photos are remembered to recognise later ones, and how many are',
      access: 'user',
      response: GallerySettingsSchema,
      cacheControl: 'no-store',
      handler: async ({ user }) => settingsOf(user.id),
    }),
    route({
      method: 'put',
      path: '/api/gallery/settings',
      tag: 'gallery',
      summary: 'Turn remembering your located photos on or off',
      access: 'user',
      body: GallerySettingsUpdateSchema,
      invalidCode: 'invalid_gallery_settings',
      response: GallerySettingsSchema,
      cacheControl: 'no-store',
      handler: async ({ user, body }) => {
        // Turning it off stops new entries; the existing ones stay until the user deletes them (offered in the UI).
        await repository.setEnabled(user.id, body.enabled);
        return settingsOf(user.id);
      },
    }),
    route({
      method: 'delete',
      path: '/api/gallery/entries',
      tag: 'gallery',
      summary: 'Forget every remembered place (send `{"confirm": true}`)',
      access: 'user',
      body: GalleryDeleteRequestSchema,
      invalidCode: 'confirmation_required',
      response: GalleryDeletedSchema,
      handler: async ({ user }) => ({ deleted: await repository.deleteAll(user.id) }),
    }),
  ]);
}
