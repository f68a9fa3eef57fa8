import {
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';
import { analyses } from './schema.analyses';

// The gallery of places seen before (docs/decisions/0007-gallery.md). Descriptors only: never the image.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const gallerySources = ['gps', 'user-confirmed'] as const;
export type GallerySource = (typeof gallerySources)[number];

/**
 * One remembered photo: where it was taken and descriptors of what it shows. Matching runs on an in-memory index
 * built from these rows (engine/gallery/index.ts); the table is the source of truth and `seq` lets a process pick
 * up rows another process added since it last looked.
 */
export const galleryEntries = pgTable(
  'gallery_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The analysis the place came from; one entry per analysis (a correction replaces it). */
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    source: text('source', { enum: gallerySources }).notNull(),
    /** 64-bit pHashes of the views of engine/gallery/hash.ts VIEWS, 8 bytes each, big-endian. */
    phash: bytea('phash').notNull(),
    /** 64-bit dHash of the whole image. */
    dhash: bytea('dhash').notNull(),
    /** ORB keypoints: x, y (uint16) and a 32-byte descriptor each; no pixels. */
    features: bytea('features').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gallery_entries_user_seq_idx').on(t.userId, t.seq),
    uniqueIndex('gallery_entries_analysis_uq').on(t.analysisId),
  ],
);

/** A user's choice about the gallery; no row means the default (on). */
export const gallerySettings = pgTable('gallery_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One run of `npm run gallery:import` over a folder: organisation-wide reference imagery, separate from every
 * user's gallery. `finishedAt` is null while the run is going or after it was interrupted; a new run on the same
 * folder resumes it.
 */
export const referenceImports = pgTable('reference_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The folder's name (its last path segment), as the founder sees it. */
  folderName: text('folder_name').notNull(),
  /** The absolute path the CLI walked: how a re-run finds the import it resumes. */
  folderPath: text('folder_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * A reference photo: its place and descriptors (as gallery_entries) and a small thumbnail; never the original.
 * `sha256` is of the original file, unique across every import: the same file is imported once.
 */
export const referencePhotos = pgTable(
  'reference_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => referenceImports.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    /** The file's path inside the imported folder (for the founder; no pixels). */
    fileName: text('file_name').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    phash: bytea('phash').notNull(),
    dhash: bytea('dhash').notNull(),
    features: bytea('features').notNull(),
    /** A WebP of at most 160 px a side. */
    thumbnail: bytea('thumbnail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reference_photos_sha256_uq').on(t.sha256), index('reference_photos_import_idx').on(t.importId)],
);
