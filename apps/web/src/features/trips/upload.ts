import { ApiErrorSchema, TripPhotosUploadResponseSchema, type TripPhotosUploadResponse } from '@vt/shared';

/** Why a batch did not reach the trip: the HTTP status (0 when the server was not reached), its code and message. */
export class BatchFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'BatchFailure';
  }
}

/**
 * POST /api/trips/:id/photos: one batch as multipart through XMLHttpRequest, the one browser API that reports upload
 * progress (`onProgress` gets the bytes sent). Resolves with what was accepted and refused; rejects with a
 * BatchFailure.
 */
export function sendBatch(
  tripId: string,
  files: readonly File[],
  onProgress: (sentBytes: number) => void,
  signal?: AbortSignal,
): Promise<TripPhotosUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/trips/${encodeURIComponent(tripId)}/photos`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: a proxy's error page, say.
      }
      if (xhr.status === 202) {
        const parsed = TripPhotosUploadResponseSchema.safeParse(body);
        if (parsed.success) return resolve(parsed.data);
        return reject(new BatchFailure(xhr.status, 'invalid_response', 'Invalid response format from server'));
      }
      const error = ApiErrorSchema.safeParse(body);
      reject(
        error.success
          ? new BatchFailure(xhr.status, error.data.error.code, error.data.error.message)
          : new BatchFailure(xhr.status, null, `HTTP ${xhr.status}: ${xhr.statusText || 'Upload failed'}`),
      );
    };
    xhr.onerror = () =>
      reject(new BatchFailure(0, 'network_error', 'Network connection failed. Please check your internet connection.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const file of files) form.append('photo', file, file.name);
    xhr.send(form);
  });
}
