import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { featuresToBytes, EMPTY_FEATURES } from './features';
import { Gallery, type GalleryRow, type GalleryStore, type ReferenceRow } from './gallery';
import { hashesToBytes, VIEWS } from './hash';

/**
 * How the in-memory indexes follow the database (decision 0007): loaded a page at a time, appended when rows were
 * added, rebuilt when some were deleted. An in-memory store stands in for the repository (the port's only
 * implementation, GalleryRepository, is exercised by modules/gallery's HTTP tests).
 */
class MemoryStore implements GalleryStore {
  reference: ReferenceRow[] = [];
  entries: GalleryRow[] = [];
  /** Every page asked for: [after, limit] of reference rows, and of the user's. */
  referencePages: Array<[number, number]> = [];
  pages: Array<[number, number]> = [];
  private seq = 0;

  addReference(n: number): void {
    for (let i = 0; i < n; i++) {
      const seq = ++this.seq;
      this.reference.push({
        ...descriptors(seq),
        id: `r${seq}`,
        seq,
        lat: 25.7,
        lng: -80.2,
        createdAt: new Date(0),
        importId: 'i1',
        importName: 'walk',
        fileName: `${seq}.jpg`,
      });
    }
  }

  addEntries(userId: string, n: number): void {
    for (let i = 0; i < n; i++) {
      const seq = ++this.seq;
      this.entries.push({
        ...descriptors(seq),
        id: `e${seq}`,
        seq,
        userId,
        analysisId: null,
        lat: 25.7,
        lng: -80.2,
        source: 'gps',
        createdAt: new Date(0),
      });
    }
  }

  async referenceStats() {
    return { count: this.reference.length, maxSeq: Math.max(0, ...this.reference.map((r) => r.seq)) };
  }
  async referenceSince(seq: number, limit: number) {
    this.referencePages.push([seq, limit]);
    return this.reference.filter((r) => r.seq > seq).slice(0, limit);
  }
  async referenceFeatures() {
    return new Map<string, Buffer>();
  }
  async stats(userId: string) {
    const mine = this.entries.filter((e) => e.userId === userId);
    return { count: mine.length, maxSeq: Math.max(0, ...mine.map((e) => e.seq)) };
  }
  async since(userId: string, seq: number, limit: number) {
    this.pages.push([seq, limit]);
    return this.entries.filter((e) => e.userId === userId && e.seq > seq).slice(0, limit);
  }
  async features() {
    return new Map<string, Buffer>();
  }
  async enabled() {
    return true;
  }
  async insert(): Promise<GalleryRow> {
    throw new Error('not used here');
  }
}

/** Distinct hashes per row and no keypoints: enough for the index to hold the row, never to match the query. */
function descriptors(seq: number) {
  const h = (k: number) => BigInt(seq) * 0x9e3779b97f4a7c15n + BigInt(k);
  return {
    phash: hashesToBytes(VIEWS.map((_, k) => h(k) & 0xffffffffffffffffn)),
    dhash: hashesToBytes([h(99) & 0xffffffffffffffffn]),
    features: featuresToBytes(EMPTY_FEATURES),
  };
}

describe('the gallery’s in-memory indexes', () => {
  let query: Buffer;
  beforeAll(async () => {
    query = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
  });

  it('loads the reference photos a page at a time, then appends only what was added', async () => {
    const store = new MemoryStore();
    store.addReference(7);
    const gallery = new Gallery({ repository: store, loadDisplay: async () => null, loadPage: 3 });
    expect((await gallery.match('u1', query)).referenceSize).toBe(7);
    // Pages of 3 after 0, 3 and 6: never all rows in one read.
    expect(store.referencePages).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
    ]);
    store.referencePages = [];
    expect((await gallery.match('u1', query)).referenceSize).toBe(7);
    expect(store.referencePages).toEqual([]);
    store.addReference(4);
    expect((await gallery.match('u1', query)).referenceSize).toBe(11);
    expect(store.referencePages).toEqual([
      [7, 3],
      [10, 3],
    ]);
  });

  it('rebuilds when rows were deleted, even if as many were added meanwhile', async () => {
    const store = new MemoryStore();
    store.addReference(5);
    const gallery = new Gallery({ repository: store, loadDisplay: async () => null, loadPage: 2 });
    expect((await gallery.match('u1', query)).referenceSize).toBe(5);
    // An import of 2 removed, another of 2 added: the count alone would not tell.
    store.reference = store.reference.slice(2);
    store.addReference(2);
    store.referencePages = [];
    expect((await gallery.match('u1', query)).referenceSize).toBe(5);
    // Appending from 5 found 2 rows where the count needed 5 + 2: rebuilt from the start.
    expect(store.referencePages[0]).toEqual([5, 2]);
    expect(store.referencePages.slice(1)).toEqual([
      [0, 2],
      [4, 2],
      [6, 2],
    ]);
    store.reference = store.reference.slice(3);
    expect((await gallery.match('u1', query)).referenceSize).toBe(2);
  });

  it('pages a user’s own gallery the same way, apart from other users’ entries', async () => {
    const store = new MemoryStore();
    store.addEntries('u1', 5);
    store.addEntries('u2', 3);
    const gallery = new Gallery({ repository: store, loadDisplay: async () => null, loadPage: 2 });
    const outcome = await gallery.match('u1', query);
    expect(outcome).toMatchObject({ enabled: true, size: 5, referenceSize: 0 });
    expect(store.pages).toEqual([
      [0, 2],
      [2, 2],
      [4, 2],
    ]);
    expect((await gallery.match('u2', query)).size).toBe(3);
  });
});
