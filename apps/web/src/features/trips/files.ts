/**
 * Photos from what a person hands over: several chosen files, a chosen folder (`webkitdirectory`), or a drop of files
 * and folders (walked through the entries API, as every browser that can drop a folder offers it). The server decides
 * what is really a photo (by its bytes); here only what is plainly not one is left out (text, video, hidden files),
 * so the count a person sees is the photos they meant.
 */

const PHOTO_NAME = /\.(jpe?g|png|webp|heic|heif|avif|tiff?)$/i;

/** A file worth sending: an image type, or a photo's extension (browsers give HEIC no type), not a hidden file. */
export function isPhotoFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.name.startsWith('.')) return false;
  return file.type.startsWith('image/') || PHOTO_NAME.test(file.name);
}

/** Photos in the order a camera numbered them (file names), path first for a folder of folders. */
export function sortPhotos<T extends Pick<File, 'name'> & { webkitRelativePath?: string }>(files: readonly T[]): T[] {
  const key = (f: T) => f.webkitRelativePath || f.name;
  return [...files].sort((a, b) => key(a).localeCompare(key(b), undefined, { numeric: true }));
}

/** The photos among chosen files (FileList from an input), sorted. */
export function photosOf(files: FileList | readonly File[] | null | undefined): File[] {
  return sortPhotos(Array.from(files ?? []).filter(isPhotoFile));
}

/** The folder the files came from (the first part of their relative path), when they came as a folder. */
export function folderNameOf(files: readonly Pick<File, 'webkitRelativePath'>[]): string | null {
  const first = files.find((f) => f.webkitRelativePath)?.webkitRelativePath;
  const folder = first?.split('/')[0]?.trim();
  return folder ? folder.slice(0, 120) : null;
}

type Entry = {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?(success: (file: File) => void, failure?: (error: unknown) => void): void;
  createReader?(): { readEntries(success: (entries: Entry[]) => void, failure?: (error: unknown) => void): void };
};

/** Every file under a dropped entry (a folder's reader answers in chunks until it answers none). */
async function filesUnder(entry: Entry, depth = 0): Promise<File[]> {
  if (entry.isFile && entry.file) {
    return [await new Promise<File>((resolve, reject) => entry.file!(resolve, reject))];
  }
  if (!entry.isDirectory || !entry.createReader || depth > 8) return [];
  const reader = entry.createReader();
  const out: File[] = [];
  for (;;) {
    const chunk = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (chunk.length === 0) break;
    for (const child of chunk) out.push(...(await filesUnder(child, depth + 1)));
  }
  return out;
}

/**
 * The photos of a drop, folders walked, and the name of the folder when exactly one folder was dropped (the trip's
 * default name). Falls back to the plain file list where the entries API is missing.
 */
export async function droppedPhotos(data: DataTransfer): Promise<{ files: File[]; folder: string | null }> {
  const items = Array.from(data.items ?? []).filter((i) => i.kind === 'file');
  const entries = items
    .map((i) => (i.webkitGetAsEntry?.() ?? null) as unknown as Entry | null)
    .filter((e): e is Entry => e !== null);
  if (entries.length === 0) return { files: photosOf(data.files), folder: null };
  const folders = entries.filter((e) => e.isDirectory);
  const files = (await Promise.all(entries.map((e) => filesUnder(e).catch(() => [])))).flat();
  return {
    files: sortPhotos(files.filter(isPhotoFile)),
    folder: folders.length === 1 && entries.length === 1 ? folders[0]!.name.slice(0, 120) : null,
  };
}
