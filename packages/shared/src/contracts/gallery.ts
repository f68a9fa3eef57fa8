import { z } from 'zod';

/** GET/PUT /api/gallery/settings: "Use my located photos to recognise places" and how many are remembered. */
export const GallerySettingsSchema = z.object({
  enabled: z.boolean().describe('On by default: photos located by GPS or confirmed by the user are remembered'),
  entries: z.number().int().nonnegative().describe('Places remembered for this user (descriptors only, no images)'),
});
export type GallerySettings = z.infer<typeof GallerySettingsSchema>;

export const GallerySettingsUpdateSchema = z.object({ enabled: z.boolean() }).strict();
export type GallerySettingsUpdate = z.infer<typeof GallerySettingsUpdateSchema>;

/** DELETE /api/gallery/entries: the body must confirm, so a stray request cannot wipe the gallery. */
export const GalleryDeleteRequestSchema = z
  .object({ confirm: z.literal(true, 'Send {"confirm": true} to delete your remembered places') })
  .strict();
export const GalleryDeletedSchema = z.object({ deleted: z.number().int().nonnegative() });
