import type { ReferenceBatchLimits, ReferenceOutcome, ReferenceSkipReason } from '@vt/shared';

/** The photos an import takes by name, as `npm run gallery:import` does; the server still judges the bytes. */
const PHOTO_NAME = /\.(jpe?g|heic|heif)$/i;

/** A file the founder chose, with its path inside the chosen folder (or its name when files were chosen). */
export type ChosenFile = { file: File; name: string };

/** The file's path inside the chosen folder: webkitRelativePath without the folder itself, as the command line keeps. */
export function pathInFolder(file: File): string {
  const relative = file.webkitRelativePath;
  if (!relative) return file.name;
  const slash = relative.indexOf('/');
  return slash >= 0 ? relative.slice(slash + 1) : relative;
}

/** The chosen folder's name (the first segment of a webkitRelativePath), or null when files were chosen. */
export function folderNameOf(files: readonly File[]): string | null {
  const first = files.find((f) => f.webkitRelativePath)?.webkitRelativePath;
  const name = first?.split('/')[0];
  return name ? name : null;
}

/** The chosen files in path order (so a resumed import goes through them in the same order). */
export function chosenFiles(files: readonly File[]): ChosenFile[] {
  return files
    .map((file) => ({ file, name: pathInFolder(file) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * What is sent and what is told without sending (R-GALLERY-6): a file whose name is not a photo's (a video, notes)
 * or that is over the upload limit never leaves the browser; it is reported skipped with the server's own words.
 */
export function sortOut(
  files: readonly ChosenFile[],
  limits: Pick<ReferenceBatchLimits, 'maxFileBytes'>,
): { send: ChosenFile[]; skipped: Array<{ name: string; outcome: ReferenceSkipReason }> } {
  const send: ChosenFile[] = [];
  const skipped: Array<{ name: string; outcome: ReferenceSkipReason }> = [];
  for (const f of files) {
    if (!PHOTO_NAME.test(f.name)) skipped.push({ name: f.name, outcome: 'not-a-photo' });
    else if (f.file.size > limits.maxFileBytes) skipped.push({ name: f.name, outcome: 'too-large' });
    else send.push(f);
  }
  return { send, skipped };
}

/**
 * Packs files into batches of at most `maxFiles` files and `maxBytes` bytes, in order; a file larger than `maxBytes`
 * alone (the server's limit allows one such photo) goes in a batch of its own.
 */
export function planBatches<T extends { file: { size: number } }>(
  files: readonly T[],
  limits: Pick<ReferenceBatchLimits, 'maxFiles' | 'maxBytes'>,
): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const f of files) {
    if (current.length && (current.length >= limits.maxFiles || bytes + f.file.size > limits.maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f);
    bytes += f.file.size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/** A running tally of an import: what became of each file so far. */
export type ImportTally = {
  total: number;
  done: number;
  imported: number;
  alreadyImported: number;
  skipped: Partial<Record<ReferenceSkipReason, number>>;
  /** Skipped files by name, in the order they were met. */
  skippedFiles: Array<{ name: string; outcome: ReferenceSkipReason }>;
};

export const emptyTally = (total: number): ImportTally => ({
  total,
  done: 0,
  imported: 0,
  alreadyImported: 0,
  skipped: {},
  skippedFiles: [],
});

/** The tally after more files' outcomes. */
export function tallied(tally: ImportTally, results: ReadonlyArray<{ name: string; outcome: ReferenceOutcome }>) {
  const next: ImportTally = { ...tally, skipped: { ...tally.skipped }, skippedFiles: [...tally.skippedFiles] };
  for (const r of results) {
    next.done++;
    if (r.outcome === 'imported') next.imported++;
    else if (r.outcome === 'already-imported') next.alreadyImported++;
    else {
      next.skipped[r.outcome] = (next.skipped[r.outcome] ?? 0) + 1;
      next.skippedFiles.push({ name: r.name, outcome: r.outcome });
    }
  }
  return next;
}

/** A file's bytes as base64 (the batch's JSON carries them so). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
