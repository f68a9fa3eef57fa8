import { useCallback, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ReferenceBatchResponseSchema,
  ReferenceImportDeletedSchema,
  ReferenceImportFinishResponseSchema,
  ReferenceImportsResponseSchema,
  ReferenceImportStartResponseSchema,
  ReferencePhotosPageSchema,
  type ReferenceImport,
} from '@vt/shared';
import { ApiRequestError, errorMessage, apiGet, apiSend } from '../../lib/api-client';
import {
  chosenFiles,
  emptyTally,
  fileToBase64,
  planBatches,
  sortOut,
  tallied,
  type ImportTally,
} from './reference-batches';

export const REFERENCE_KEYS = {
  imports: ['admin', 'reference-imports'] as const,
  photos: (id: string, offset: number) => ['admin', 'reference-photos', id, offset] as const,
};

/** Thumbnails shown per page of an import's photos. */
export const REFERENCE_PAGE_SIZE = 24;

const IMPORTS = '/api/admin/reference-imports';
const importPath = (id: string) => `${IMPORTS}/${encodeURIComponent(id)}`;
export const thumbnailUrl = (photoId: string) => `/api/admin/reference-photos/${encodeURIComponent(photoId)}/thumbnail`;

export function useReferenceImports() {
  return useQuery({
    queryKey: REFERENCE_KEYS.imports,
    queryFn: ({ signal }) => apiGet(IMPORTS, ReferenceImportsResponseSchema, { signal }),
  });
}

export function useReferencePhotos(importId: string, offset: number) {
  return useQuery({
    queryKey: REFERENCE_KEYS.photos(importId, offset),
    queryFn: ({ signal }) =>
      apiGet(
        `${importPath(importId)}/photos?offset=${offset}&limit=${REFERENCE_PAGE_SIZE}`,
        ReferencePhotosPageSchema,
        { signal },
      ),
  });
}

export function useRemoveReferenceImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', importPath(id), { confirm: true }, ReferenceImportDeletedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** How an import from the page ended. */
export type ImportRun =
  | { state: 'idle' }
  | { state: 'running'; folderName: string; resumed: boolean; tally: ImportTally; batch: number; batches: number }
  | {
      state: 'finished' | 'stopped' | 'failed';
      folderName: string;
      resumed: boolean;
      tally: ImportTally;
      /** The import as listed now; null when it held nothing and the server dropped it. */
      result?: ReferenceImport | null;
      error?: string;
    };

/** Tries a batch again after the server's Retry-After when it is still busy with the founder's earlier batch. */
async function sendBatch(importId: string, body: unknown, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiSend('POST', `${importPath(importId)}/photos`, body, ReferenceBatchResponseSchema);
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 429) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

const messageOf = (error: unknown) =>
  error instanceof Error ? errorMessage(error) : 'The import stopped for an unknown reason.';

/**
 * Imports the chosen files from the page (R-GALLERY-6): starts (or resumes) the import named after the folder,
 * sends the photos in batches the server's limits allow, one batch at a time, counts what became of each file, and
 * finishes the import once every batch is in. Stop takes effect between batches; the import then stays open.
 */
export function useReferenceImport() {
  const client = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ state: 'idle' });
  const stopRef = useRef<AbortController | null>(null);

  const start = useCallback(
    async (files: readonly File[], folderName: string): Promise<'finished' | 'stopped' | 'failed'> => {
      const stop = new AbortController();
      stopRef.current = stop;
      const chosen = chosenFiles(files);
      let tally = emptyTally(chosen.length);
      let resumed = false;
      const refresh = () => client.invalidateQueries({ queryKey: REFERENCE_KEYS.imports });
      setRun({ state: 'running', folderName, resumed, tally, batch: 0, batches: 0 });
      try {
        const opened = await apiSend('POST', IMPORTS, { folderName }, ReferenceImportStartResponseSchema);
        resumed = opened.resumed;
        const { send, skipped } = sortOut(chosen, opened.limits);
        tally = tallied(tally, skipped);
        const batches = planBatches(send, opened.limits);
        void refresh();
        for (const [i, batch] of batches.entries()) {
          setRun({ state: 'running', folderName, resumed, tally, batch: i + 1, batches: batches.length });
          if (stop.signal.aborted) {
            setRun({ state: 'stopped', folderName, resumed, tally });
            return 'stopped';
          }
          const photos = await Promise.all(
            batch.map(async (f) => ({ name: f.name, data: await fileToBase64(f.file) })),
          );
          const answer = await sendBatch(opened.import.id, { photos });
          tally = tallied(tally, answer.results);
        }
        setRun({ state: 'running', folderName, resumed, tally, batch: batches.length, batches: batches.length });
        const finished = await apiSend(
          'POST',
          `${importPath(opened.import.id)}/finish`,
          undefined,
          ReferenceImportFinishResponseSchema,
        );
        setRun({ state: 'finished', folderName, resumed, tally, result: finished.import });
        return 'finished';
      } catch (error) {
        setRun({ state: 'failed', folderName, resumed, tally, error: messageOf(error) });
        return 'failed';
      } finally {
        stopRef.current = null;
        void refresh();
      }
    },
    [client],
  );

  const stop = useCallback(() => stopRef.current?.abort(), []);
  const reset = useCallback(() => setRun({ state: 'idle' }), []);
  return { run, start, stop, reset };
}
