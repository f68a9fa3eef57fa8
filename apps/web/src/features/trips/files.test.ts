import { describe, expect, it } from 'vitest';
import { droppedPhotos, folderNameOf, isPhotoFile, photosOf, sortPhotos } from './files';

const file = (name: string, type = '') => new File(['x'], name, { type });

describe('the photos a person hands over', () => {
  it('keeps photos by type or extension (HEIC has no type in browsers), not text, video or hidden files', () => {
    expect(isPhotoFile(file('IMG_1.JPG'))).toBe(true);
    expect(isPhotoFile(file('IMG_2.heic'))).toBe(true);
    expect(isPhotoFile(file('scan', 'image/png'))).toBe(true);
    expect(isPhotoFile(file('notes.txt', 'text/plain'))).toBe(false);
    expect(isPhotoFile(file('clip.mov', 'video/quicktime'))).toBe(false);
    expect(isPhotoFile(file('._IMG_1.jpg'))).toBe(false);
  });

  it('sorts them as the camera numbered them', () => {
    expect(sortPhotos([file('IMG_10.jpg'), file('IMG_9.jpg'), file('IMG_100.jpg')]).map((f) => f.name)).toEqual([
      'IMG_9.jpg',
      'IMG_10.jpg',
      'IMG_100.jpg',
    ]);
    expect(photosOf([file('b.jpg'), file('a.txt'), file('a.jpg')]).map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('names the folder they came from', () => {
    const inFolder = Object.assign(file('IMG_1.jpg'), {}) as File;
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'Key Biscayne/IMG_1.jpg' });
    expect(folderNameOf([inFolder])).toBe('Key Biscayne');
    expect(folderNameOf([file('IMG_1.jpg')])).toBeNull();
  });

  it('walks a dropped folder, and names the trip after it', async () => {
    const entryOf = (f: File) => ({
      isFile: true,
      isDirectory: false,
      name: f.name,
      file: (ok: (f: File) => void) => ok(f),
    });
    const chunks = [[entryOf(file('IMG_2.jpg')), entryOf(file('notes.txt'))], [entryOf(file('IMG_1.jpg'))], []];
    const folder = {
      isFile: false,
      isDirectory: true,
      name: 'Wynwood walk',
      createReader: () => ({ readEntries: (ok: (e: unknown[]) => void) => ok(chunks.shift() ?? []) }),
    };
    const data = {
      items: [{ kind: 'file', webkitGetAsEntry: () => folder }],
      files: [],
    } as unknown as DataTransfer;
    const dropped = await droppedPhotos(data);
    expect(dropped.folder).toBe('Wynwood walk');
    expect(dropped.files.map((f) => f.name)).toEqual(['IMG_1.jpg', 'IMG_2.jpg']);
  });
});
