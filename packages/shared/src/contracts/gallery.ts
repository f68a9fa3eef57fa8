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

/** One import of reference imagery (`npm run gallery:import -- DIR` or the founder's page), as the page lists it. */
export const ReferenceImportSchema = z.object({
  id: z.uuid(),
  folderName: z.string().describe('The imported folder’s name'),
  createdAt: z.iso.datetime({ offset: true }).describe('When the import started'),
  finishedAt: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('When it finished; null while running or after an interruption (running it again resumes)'),
  photos: z.number().int().nonnegative().describe('Reference photos it holds (descriptors and a thumbnail each)'),
  via: z
    .enum(['command-line', 'browser'])
    .describe('How it was made: `npm run gallery:import` on the server, or the founder’s page'),
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

/** Why a file was not imported as reference imagery (R-GALLERY-3), in the order the import checks. */
export const REFERENCE_SKIP_REASONS = [
  'duplicate',
  'not-a-photo',
  'too-large',
  'no-gps',
  'outside-county',
  'unreadable',
] as const;
export const ReferenceSkipReasonSchema = z.enum(REFERENCE_SKIP_REASONS);
export type ReferenceSkipReason = z.infer<typeof ReferenceSkipReasonSchema>;

/** The same words for a skip wherever it is told: the command line's summary and the founder's page. */
export const REFERENCE_SKIP_REASON_TEXT: Record<ReferenceSkipReason, string> = {
  duplicate: 'already imported (same SHA-256)',
  'not-a-photo': 'not a JPEG or HEIC photo',
  'too-large': 'larger than the upload limit',
  'no-gps': 'no GPS position',
  'outside-county': 'outside Miami-Dade',
  unreadable: 'unreadable',
};

/** What became of one file: stored now, stored by an earlier run of the same import, or skipped and why. */
export const ReferenceOutcomeSchema = z.union([z.enum(['imported', 'already-imported']), ReferenceSkipReasonSchema]);
export type ReferenceOutcome = z.infer<typeof ReferenceOutcomeSchema>;

/** POST /api/admin/reference-imports: start an import from the browser, or resume the open one of that name. */
export const ReferenceImportStartRequestSchema = z
  .object({
    folderName: z
      .string()
      .trim()
      .min(1, 'Name the import (the folder’s name)')
      .max(200, 'An import’s name has at most 200 characters'),
  })
  .strict();
export type ReferenceImportStartRequest = z.infer<typeof ReferenceImportStartRequestSchema>;

/** What a batch of photos may hold: the page packs its batches to fit. */
export const ReferenceBatchLimitsSchema = z.object({
  maxFiles: z.number().int().positive().describe('Photos in one batch at most'),
  maxBytes: z.number().int().positive().describe('Bytes of the photos of one batch (before base64) at most'),
  maxFileBytes: z.number().int().positive().describe('Bytes of one photo at most (the upload limit)'),
});
export type ReferenceBatchLimits = z.infer<typeof ReferenceBatchLimitsSchema>;

export const ReferenceImportStartResponseSchema = z.object({
  import: ReferenceImportSchema,
  resumed: z.boolean().describe('An interrupted import of the same name was reopened'),
  limits: ReferenceBatchLimitsSchema,
});
export type ReferenceImportStartResponse = z.infer<typeof ReferenceImportStartResponseSchema>;

/** One photo of a batch: its path inside the chosen folder (or its file name) and its bytes, base64. */
export const ReferenceBatchPhotoSchema = z.object({
  name: z.string().min(1, 'Each photo needs its file name').max(1000, 'A file name has at most 1,000 characters'),
  data: z.base64('A photo’s `data` must be its bytes in base64'),
});

/** POST /api/admin/reference-imports/:id/photos: a batch of photos for an open import. */
export const ReferenceBatchRequestSchema = z
  .object({
    photos: z
      .array(ReferenceBatchPhotoSchema)
      .min(1, 'Send at least one photo')
      .max(100, 'Send at most 100 photos in one batch'),
  })
  .strict();
export type ReferenceBatchRequest = z.infer<typeof ReferenceBatchRequestSchema>;

export const ReferenceBatchResponseSchema = z.object({
  results: z.array(z.object({ name: z.string(), outcome: ReferenceOutcomeSchema })),
  photos: z.number().int().nonnegative().describe('Reference photos the import holds after this batch'),
});
export type ReferenceBatchResponse = z.infer<typeof ReferenceBatchResponseSchema>;

/** POST /api/admin/reference-imports/:id/finish: the import as listed, or null when it held nothing and was dropped. */
export const ReferenceImportFinishResponseSchema = z.object({ import: ReferenceImportSchema.nullable() });
export type ReferenceImportFinishResponse = z.infer<typeof ReferenceImportFinishResponseSchema>;

/** GET /api/admin/reference-imports/:id/photos: a page of an import's photos, in the order they were stored. */
export const ReferencePhotosQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export const ReferencePhotoSchema = z.object({
  id: z.uuid(),
  fileName: z.string().describe('The file’s path inside the imported folder'),
  lat: z.number(),
  lng: z.number(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ReferencePhoto = z.infer<typeof ReferencePhotoSchema>;
export const ReferencePhotosPageSchema = z.object({
  photos: z.array(ReferencePhotoSchema),
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type ReferencePhotosPage = z.infer<typeof ReferencePhotosPageSchema>;
