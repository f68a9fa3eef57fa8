import { ApiErrorSchema, PhotoUploadResponseSchema, type PhotoUploadResponse } from '@vt/shared';

/** Why an upload did not reach the engine: the HTTP status (0 when the server was not reached) and its message. */
export class UploadFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly network = false,
    /** The server's error code, e.g. weekly_limit_reached. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/** Reads the server's `{ error: { message } }`, or a status line when the body is not that. */
export function uploadFailureFrom(status: number, body: string, statusText = ''): UploadFailure {
  try {
    const parsed = ApiErrorSchema.safeParse(JSON.parse(body));
    if (parsed.success) return new UploadFailure(status, parsed.data.error.message, false, parsed.data.error.code);
  } catch {
    // Not JSON: a proxy's error page, say.
  }
  return new UploadFailure(status, `HTTP ${status}: ${statusText || 'Upload failed'}`);
}

/**
 * POST /api/photos as multipart (field `photo`) through XMLHttpRequest, the one browser API that reports upload
 * progress. `onProgress` gets 0..1. Resolves with the queued analyses; rejects with an UploadFailure.
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PhotoUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/photos');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 202 || xhr.status === 200) {
        try {
          onProgress(1);
          resolve(PhotoUploadResponseSchema.parse(JSON.parse(xhr.responseText)));
        } catch {
          reject(new UploadFailure(xhr.status, 'Invalid response format from server'));
        }
        return;
      }
      reject(uploadFailureFrom(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new UploadFailure(0, 'Network connection failed.', true));
    xhr.ontimeout = () => reject(new UploadFailure(0, 'Upload timeout'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('photo', file, file.name);
    xhr.send(form);
  });
}
