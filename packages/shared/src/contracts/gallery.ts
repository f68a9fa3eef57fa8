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

/** One import of reference imagery (`npm run gallery:import -- DIR`), as the founder's page lists it. */
export const ReferenceImportSchema = z.object({
  id: z.uuid(),
  folderName: z.string().describe('The imported folder’s name'),
  createdAt: z.iso.datetime({ offset: true }).describe('When the import started'),
  finishedAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('When it finished; null while running or after an interruption (running it again resumes)'),
  photos: z.number().int().nonnegative().describe('Reference photos it holds (descriptors and a thumbnail each)'),
});
export type ReferenceImport = z.infer<typeof ReferenceImportSchema>;

/** GET /api/admin/reference-imports: every import, newest first. */
export const ReferenceImportsResponseSchema = z.object({
  imports: z.array(ReferenceImportSchema),
  photos: z.number().int().nonnegative().describe('Reference photos in all imports'),
});
export type ReferenceImportsResponse = z.infer<typeof ReferenceImportsResponseSchema>;

/** DELETE /api/admin/reference-imports/:id: the body must confirm. */
export const ReferenceImportDeleteRequestSchema = z
  .object({ confirm: z.literal(true, 'Send {"confirm": true} to remove this import and its reference photos') })
  .strict();
export const ReferenceImportDeletedSchema = z.object({ deleted: z.number().int().nonnegative() });
