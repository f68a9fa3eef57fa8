import type { galleryEntries, GallerySource } from '../../db/schema.gallery';
import {
  bytesToFeatures,
  featuresToBytes,
  MIN_INLIERS,
  QUERY_SIDE,
  STORED_SIDE,
  orbFeatures,
  verifyMatch,
  type Features,
} from './features';
import { GalleryIndex, type IndexedEntry } from './gallery-index';
import { bytesToHashes, decodeGrey, hashesOfGrey, hashesToBytes, type PerceptualHashes } from './hash';

/** Everything the gallery keeps of a photo: no pixels. */
export type PhotoDescriptors = { hashes: PerceptualHashes; features: Features };

/** Descriptors of a photo, as a remembered one (`stored`) or as a query. */
export async function describePhoto(image: Buffer, role: 'stored' | 'query' = 'query'): Promise<PhotoDescriptors> {
  // A small remembered photo is enlarged to the stored size: its coarse pyramid levels then meet a query's at scale.
  const grey = await decodeGrey(image, role === 'stored' ? STORED_SIDE : QUERY_SIDE, role === 'stored');
  return { hashes: hashesOfGrey(grey), features: await orbFeatures(grey) };
}

/** The stored form of a remembered photo's descriptors (gallery entries and reference photos alike). */
export async function storedDescriptors(image: Buffer): Promise<{ phash: Buffer; dhash: Buffer; features: Buffer }> {
  const d = await describePhoto(image, 'stored');
  return {
    phash: hashesToBytes(d.hashes.phash),
    dhash: hashesToBytes([d.hashes.dhash]),
    features: featuresToBytes(d.features),
  };
}

export type GalleryMatch = {
  entry: IndexedEntry;
  /** near-duplicate: the same picture (resized, recompressed, cropped…); same-scene: a new photo of what it shows. */
  kind: 'near-duplicate' | 'same-scene';
  /** pHash distance in bits (of 64), for near-duplicates. */
  hashDistance?: number;
  /** Geometrically consistent keypoint matches, when local features were compared. */
  inliers?: number;
  confidence: number;
};

export type MatchOutcome = {
  /** Whether the user's own gallery was compared (their setting). */
  enabled: boolean;
  /** Entries in the user's own gallery. */
  size: number;
  /** Reference photos compared (the organisation's imports; every user's analyses use them). */
  referenceSize: number;
  matches: GalleryMatch[];
  timings: Record<string, number>;
};

export type RememberPlace = {
  userId: string;
  analysisId: string | null;
  photoId: string;
  lat: number;
  lng: number;
  source: GallerySource;
  /** The decoded photo when the caller has it; otherwise the stored display derivative of photoId is used. */
  image?: Buffer;
};

export type GalleryRow = typeof galleryEntries.$inferSelect;
export type NewGalleryEntry = Pick<
  GalleryRow,
  'userId' | 'analysisId' | 'lat' | 'lng' | 'source' | 'phash' | 'dhash' | 'features'
>;

/** A reference photo as the index needs it: descriptors, place and the import it came from; no thumbnail. */
export type ReferenceRow = Pick<
  GalleryRow,
  'id' | 'seq' | 'lat' | 'lng' | 'phash' | 'dhash' | 'features' | 'createdAt'
> & { importId: string; importName: string; fileName: string };

/** What the gallery needs stored (modules/gallery's repository implements it): the engine depends on no module. */
export interface GalleryStore {
  /** Stores an entry; an entry of the same analysis is replaced. */
  insert(entry: NewGalleryEntry): Promise<GalleryRow>;
  /** How many entries the user has and the newest sequence number. */
  stats(userId: string): Promise<{ count: number; maxSeq: number }>;
  /** The user's entries added after `seq`, oldest first, at most `limit` of them. */
  since(userId: string, seq: number, limit: number): Promise<GalleryRow[]>;
  features(userId: string, ids: readonly string[]): Promise<Map<string, Buffer>>;
  /** Whether the user lets the gallery remember and match their photos. */
  enabled(userId: string): Promise<boolean>;
  /** The organisation's reference photos (gallery:import): count and newest sequence number. */
  referenceStats(): Promise<{ count: number; maxSeq: number }>;
  /** Reference photos added after `seq`, oldest first, at most `limit` of them. */
  referenceSince(seq: number, limit: number): Promise<ReferenceRow[]>;
  referenceFeatures(ids: readonly string[]): Promise<Map<string, Buffer>>;
}

export type GalleryDeps = {
  repository: GalleryStore;
  /** Rows read per query while an index is loaded (default LOAD_PAGE); tests make it small. */
  loadPage?: number;
  /** The stored display derivative of a photo (metadata-free), or null when there is none. */
  loadDisplay(photoId: string): Promise<Buffer | null>;
  log?(level: 'info' | 'warn', message: string, details?: Record<string, unknown>): void;
};

/**
 * Verifying a candidate (descriptor matching + RANSAC) is the costly step, so few are: at most VERIFY_CANDIDATES,
 * in order of votes, none with less than RELATIVE_VOTES of the leader's votes (the true entry, when there is one,
 * nearly always leads by far), and none after a clear match (STRONG_INLIERS).
 */
const VERIFY_CANDIDATES = 4;
const RELATIVE_VOTES = 0.2;
/** In rarity-weighted votes (about 0.7 each for keys most entries hold, more for rare keys). */
const MIN_VOTES = 4;
const STRONG_INLIERS = 20;

/** Confidence of a near-duplicate: 0.95 for an identical hash, falling to 0.73 at the radius. */
export const nearDuplicateConfidence = (distance: number) => Math.round((0.95 - 0.02 * distance) * 1000) / 1000;
/**
 * Confidence of a verified re-photograph: 0.8 at the minimum inlier count, rising by 0.01 an inlier to 0.95 (27 and
 * up). Calibrated on bench/gallery seed 708 (reported on 707): every verified match there was the right place, down to
 * 12 inliers (180 of 180), and no unrelated pair reached 12 (at most 9); the old hand-set 0.5–0.9 was underconfident
 * (ECE 0.12). It stays below that record on purpose: the set has no real look-alike façades and no second photograph
 * taken further away than the 150 m radius, the two ways a re-photograph match goes wrong in use.
 */
export const sameSceneConfidence = (inliers: number) =>
  Math.round(Math.min(0.95, 0.8 + 0.01 * (inliers - MIN_INLIERS)) * 1000) / 1000;

type Loaded = { index: GalleryIndex; count: number; maxSeq: number };
/**
 * Rows read per query while an index is loaded or brought up to date. Reading 100,000 reference photos' keypoints
 * (1.6 GB) in one query held all of them at once beside the index being built (RSS 3.8 GB, decision 0007); a page
 * at a time holds one page.
 */
export const LOAD_PAGE = 2_000;
/** Users whose index stays in memory; the least recently matched beyond this are dropped and rebuilt when needed. */
const MAX_LOADED_USERS = 200;

const toEntry = (r: GalleryRow): IndexedEntry => ({
  id: r.id,
  analysisId: r.analysisId,
  lat: r.lat,
  lng: r.lng,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
});

const referenceEntry = (r: ReferenceRow): IndexedEntry => ({
  id: r.id,
  analysisId: null,
  lat: r.lat,
  lng: r.lng,
  source: 'reference',
  createdAt: r.createdAt.toISOString(),
  reference: { importId: r.importId, importName: r.importName, fileName: r.fileName },
});

type Rows<R> = {
  stats(): Promise<{ count: number; maxSeq: number }>;
  since(seq: number, limit: number): Promise<R[]>;
};

/**
 * Adds the rows after `after` up to `upTo` (the newest the stats saw: later rows wait for the next refresh) to
 * `index`, a page at a time; how many it added and the last sequence number it reached.
 */
async function addPages<R extends { seq: number }>(
  rows: Rows<R>,
  page: number,
  after: number,
  upTo: number,
  add: (row: R) => void,
): Promise<{ added: number; maxSeq: number }> {
  let added = 0;
  let last = after;
  while (last < upTo) {
    const batch = await rows.since(last, page);
    for (const r of batch) {
      if (r.seq > upTo) return { added, maxSeq: last };
      add(r);
      added++;
      last = r.seq;
    }
    if (batch.length < page) break;
  }
  return { added, maxSeq: last };
}

/**
 * An index brought up to date with the database: rows added since are appended; a count that no longer adds up
 * (rows were deleted) rebuilds it. Rows are read a page at a time.
 */
async function refresh<R extends { seq: number }>(
  previous: Promise<Loaded> | undefined,
  rows: Rows<R>,
  add: (index: GalleryIndex, row: R) => void,
  page: number,
): Promise<Loaded> {
  const prior = await previous?.catch(() => undefined);
  const stats = await rows.stats();
  if (prior && prior.count === stats.count && prior.maxSeq === stats.maxSeq) return prior;
  if (prior && stats.maxSeq > prior.maxSeq) {
    // Appended in place (matches running meanwhile may see the index grow, never shrink); if the count still does not
    // add up, rows were also deleted and the index is rebuilt below.
    const appended = await addPages(rows, page, prior.maxSeq, stats.maxSeq, (r) => add(prior.index, r));
    if (prior.count + appended.added === stats.count)
      return { index: prior.index, count: stats.count, maxSeq: appended.maxSeq };
  }
  // First use, or entries were deleted: rebuilt from the database.
  const index = new GalleryIndex();
  const loaded = await addPages(rows, page, 0, stats.maxSeq, (r) => add(index, r));
  return { index, count: loaded.added, maxSeq: loaded.maxSeq };
}

/**
 * The gallery of places seen before: remembers where a user's located photos were taken (descriptors only) and
 * matches new photos against them. Per user (docs/decisions/0007-gallery.md): one user's places never locate
 * another's photos.
 *
 * The database is the source of truth; each user's index is built in memory on first use and, before every
 * match, brought up to date with rows added since (by any process: the web process remembers corrections, the
 * worker analyses). A deletion shows as a count that no longer adds up, and the index is rebuilt.
 */
export class Gallery {
  private loaded = new Map<string, Promise<Loaded>>();
  private reference: Promise<Loaded> | undefined;

  constructor(private readonly deps: GalleryDeps) {}

  enabled(userId: string): Promise<boolean> {
    return this.deps.repository.enabled(userId);
  }

  /**
   * Adds a photo with a trusted place to the user's gallery, if the user allows it. Returns whether it was stored.
   * A later call for the same analysis replaces the entry (a corrected place).
   */
  async rememberPlace(input: RememberPlace): Promise<{ stored: boolean; reason?: string }> {
    if (!(await this.deps.repository.enabled(input.userId))) return { stored: false, reason: 'disabled' };
    const image = input.image ?? (await this.deps.loadDisplay(input.photoId));
    if (!image) return { stored: false, reason: 'no-image' };
    await this.deps.repository.insert({
      userId: input.userId,
      analysisId: input.analysisId,
      lat: input.lat,
      lng: input.lng,
      source: input.source,
      ...(await storedDescriptors(image)),
    });
    return { stored: true };
  }

  /** The listener the corrections flow calls when a user confirms or corrects a place. */
  onPlaceConfirmed = (e: { userId: string; analysisId: string; photoId: string; lat: number; lng: number }) =>
    this.rememberPlace({ ...e, source: 'user-confirmed' });

  /** Forgets a user's in-memory index (after their entries were deleted). */
  forget(userId: string): void {
    this.loaded.delete(userId);
  }

  /**
   * Matches a photo against the user's gallery (when they allow it) and the organisation's reference photos: best
   * first, at most one match per remembered photo.
   */
  async match(userId: string, image: Buffer): Promise<MatchOutcome> {
    const timings: Record<string, number> = {};
    let t = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      timings[name] = Math.round((now - t) * 10) / 10;
      t = now;
    };
    const enabled = await this.deps.repository.enabled(userId);
    const own = enabled ? (await this.current(userId)).index : null;
    const reference = (await this.currentReference()).index;
    lap('indexMs');
    const size = own?.size ?? 0;
    const referenceSize = reference.size;
    if (!size && !referenceSize) return { enabled, size, referenceSize, matches: [], timings };
    const query = await describePhoto(image);
    lap('describeMs');
    const matches = [
      ...(own && size ? await matchInIndex(own, query, (ids) => this.loadFeatures(userId, ids)) : []),
      ...(referenceSize ? await matchInIndex(reference, query, (ids) => this.loadReferenceFeatures(ids)) : []),
    ].sort((a, b) => b.confidence - a.confidence);
    lap('matchMs');
    return { enabled, size, referenceSize, matches, timings };
  }

  private async loadFeatures(userId: string, ids: readonly string[]): Promise<Map<string, Features>> {
    const bytes = await this.deps.repository.features(userId, ids);
    return new Map([...bytes].map(([id, b]) => [id, bytesToFeatures(b)]));
  }

  private async loadReferenceFeatures(ids: readonly string[]): Promise<Map<string, Features>> {
    const bytes = await this.deps.repository.referenceFeatures(ids);
    return new Map([...bytes].map(([id, b]) => [id, bytesToFeatures(b)]));
  }

  /** The user's index, current with the database. */
  private current(userId: string): Promise<Loaded> {
    const repository = this.deps.repository;
    const next = refresh(
      this.loaded.get(userId),
      { stats: () => repository.stats(userId), since: (seq, limit) => repository.since(userId, seq, limit) },
      addRow,
      this.deps.loadPage ?? LOAD_PAGE,
    );
    // Re-inserted so the Map's order is least recently used first.
    this.loaded.delete(userId);
    this.loaded.set(userId, next);
    if (this.loaded.size > MAX_LOADED_USERS) this.loaded.delete(this.loaded.keys().next().value!);
    return next;
  }

  /** The reference photos' index (one for every user), current with the database. */
  private currentReference(): Promise<Loaded> {
    const repository = this.deps.repository;
    this.reference = refresh(
      this.reference,
      { stats: () => repository.referenceStats(), since: (seq, limit) => repository.referenceSince(seq, limit) },
      addReferenceRow,
      this.deps.loadPage ?? LOAD_PAGE,
    );
    return this.reference;
  }
}

function addRow(index: GalleryIndex, r: GalleryRow): void {
  const phash = bytesToHashes(r.phash);
  const [dhash] = bytesToHashes(r.dhash);
  index.add(toEntry(r), { phash, dhash: dhash ?? 0n }, bytesToFeatures(r.features));
}

function addReferenceRow(index: GalleryIndex, r: ReferenceRow): void {
  const phash = bytesToHashes(r.phash);
  const [dhash] = bytesToHashes(r.dhash);
  index.add(referenceEntry(r), { phash, dhash: dhash ?? 0n }, bytesToFeatures(r.features));
}

/**
 * The matching itself, on an index and a way to fetch stored keypoints: near-duplicates by hash first (cheap and
 * exact), then the entries most keypoints vote for, verified by RANSAC. Shared by the service and the benchmark.
 */
export async function matchInIndex(
  index: GalleryIndex,
  query: PhotoDescriptors,
  loadFeatures: (ids: readonly string[]) => Promise<Map<string, Features>> | Map<string, Features>,
): Promise<GalleryMatch[]> {
  const found = new Map<number, GalleryMatch>();
  for (const hit of index.nearHashes(query.hashes).slice(0, VERIFY_CANDIDATES)) {
    found.set(hit.ordinal, {
      entry: index.entries[hit.ordinal]!,
      kind: 'near-duplicate',
      hashDistance: hit.distance,
      confidence: nearDuplicateConfidence(hit.distance),
    });
  }
  // A near-duplicate by hash is already the answer; local features are for what hashes cannot see.
  if (found.size) return [...found.values()].sort((a, b) => b.confidence - a.confidence);
  const candidates = index.featureCandidates(query.features, VERIFY_CANDIDATES, MIN_VOTES);
  if (candidates.length && query.features.count) {
    const stored = await loadFeatures(candidates.map((c) => index.entries[c.ordinal]!.id));
    const floor = candidates[0]!.votes * RELATIVE_VOTES;
    for (const c of candidates) {
      if (c.votes < floor) break;
      const f = stored.get(index.entries[c.ordinal]!.id);
      if (!f) continue;
      const v = await verifyMatch(query.features, f);
      if (v.inliers >= MIN_INLIERS)
        found.set(c.ordinal, {
          entry: index.entries[c.ordinal]!,
          kind: 'same-scene',
          inliers: v.inliers,
          confidence: sameSceneConfidence(v.inliers),
        });
      if (v.inliers >= STRONG_INLIERS) break;
    }
  }
  return [...found.values()].sort((a, b) => b.confidence - a.confidence);
}
