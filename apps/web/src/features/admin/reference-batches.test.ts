// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  chosenFiles,
  emptyTally,
  fileToBase64,
  folderNameOf,
  pathInFolder,
  planBatches,
  sortOut,
  tallied,
} from './reference-batches';

/** A File as a folder choice gives it: webkitRelativePath is read-only, so it is defined on the instance. */
function inFolder(path: string, size = 10): File {
  const file = new File([new Uint8Array(size)], path.split('/').at(-1)!);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('the page’s batches of reference photos', () => {
  it('names a folder import after the folder and keeps each file’s path inside it, in path order', () => {
    const files = [inFolder('walk/week 2/b.jpg'), inFolder('walk/a.JPG'), inFolder('walk/notes.txt')];
    expect(folderNameOf(files)).toBe('walk');
    expect(pathInFolder(files[0]!)).toBe('week 2/b.jpg');
    expect(chosenFiles(files).map((f) => f.name)).toEqual(['a.JPG', 'notes.txt', 'week 2/b.jpg']);
    const loose = new File(['x'], 'pier.heic');
    expect(folderNameOf([loose])).toBeNull();
    expect(pathInFolder(loose)).toBe('pier.heic');
  });

  it('sends JPEG and HEIC names within the upload limit and reports the rest unsent, in the server’s words', () => {
    const files = chosenFiles([
      inFolder('f/a.jpeg'),
      inFolder('f/b.HEIF'),
      inFolder('f/clip.mov'),
      inFolder('f/.DS_Store'),
      inFolder('f/huge.jpg', 101),
    ]);
    const { send, skipped } = sortOut(files, { maxFileBytes: 100 });
    expect(send.map((f) => f.name)).toEqual(['a.jpeg', 'b.HEIF']);
    expect(skipped).toEqual([
      { name: '.DS_Store', outcome: 'not-a-photo' },
      { name: 'clip.mov', outcome: 'not-a-photo' },
      { name: 'huge.jpg', outcome: 'too-large' },
    ]);
  });

  it('packs batches by count and bytes, a photo larger than a batch going alone', () => {
    const sized = (...sizes: number[]) => sizes.map((size, i) => ({ file: { size }, i }));
    const ids = (batches: Array<Array<{ i: number }>>) => batches.map((b) => b.map((f) => f.i));
    expect(ids(planBatches(sized(1, 1, 1, 1, 1), { maxFiles: 2, maxBytes: 100 }))).toEqual([[0, 1], [2, 3], [4]]);
    // 60 + 30 fit; 20 more would not; 150 is over a batch on its own and goes alone; 10 follows it.
    expect(ids(planBatches(sized(60, 30, 20, 150, 10), { maxFiles: 10, maxBytes: 100 }))).toEqual([
      [0, 1],
      [2],
      [3],
      [4],
    ]);
    expect(planBatches([], { maxFiles: 2, maxBytes: 100 })).toEqual([]);
  });

  it('tallies outcomes: imported, already in the import, skipped by reason with the files', () => {
    const tally = tallied(emptyTally(5), [
      { name: 'a.jpg', outcome: 'imported' },
      { name: 'b.jpg', outcome: 'already-imported' },
      { name: 'c.jpg', outcome: 'no-gps' },
      { name: 'd.jpg', outcome: 'no-gps' },
    ]);
    expect(tallied(tally, [{ name: 'e.jpg', outcome: 'outside-county' }])).toEqual({
      total: 5,
      done: 5,
      imported: 1,
      alreadyImported: 1,
      skipped: { 'no-gps': 2, 'outside-county': 1 },
      skippedFiles: [
        { name: 'c.jpg', outcome: 'no-gps' },
        { name: 'd.jpg', outcome: 'no-gps' },
        { name: 'e.jpg', outcome: 'outside-county' },
      ],
    });
    // The earlier tally is left as it was.
    expect(tally.done).toBe(4);
  });

  it('reads a file as base64', async () => {
    expect(await fileToBase64(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0x00])]))).toBe('/9j/AA==');
  });
});
