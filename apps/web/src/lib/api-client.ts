import { ApiErrorSchema, LIMITS } from '@vt/shared';
import type { z } from 'zod';
import { emitAuthEvent } from './auth-events';
import { downloadBlob } from './download';

/** Raised for every failed API call; the message is the spec's text plus what the server said. */
export class ApiRequestError extends Error {
  constructor(
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** The server's stable error code when it sent one. */
    readonly code: string | null,
    readonly serverMessage: string | null,
  ) {
    super(apiErrorMessage(status, serverMessage));
    this.name = 'ApiRequestError';
  }
}

/**
 * What to tell the user of a failed call: the server's own words when it sent some; otherwise `fallback` when one is
 * given (a crash's message means nothing to them), or the error's message.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.message;
  if (fallback !== undefined) return fallback;
  return error instanceof Error ? error.message : String(error);
}

/** "API request failed: 404 — No route for GET /api/x" (R-DATA-7). */
export function apiErrorMessage(status: number, serverMessage: string | null): string {
  const head = status === 0 ? 'API request failed: network error' : `API request failed: ${status}`;
  return serverMessage ? `${head} — ${serverMessage}` : head;
}

/** Reads `{ error: { code, message } }` from a failed response body, tolerating anything else. */
export function parseApiError(body: unknown): { code: string; message: string } | null {
  const parsed = ApiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/** What a 401 means for the screen: a dead session, or simply not signed in. */
export function authEventFor(status: number, code: string | null): 'session_expired' | 'unauthorized' | null {
  if (status !== 401) return null;
  return code === 'session_expired' ? 'session_expired' : 'unauthorized';
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Public reads (e.g. the session probe) set this false so a 401 does not bounce the user. */
  reportAuthErrors?: boolean;
};

/** Fetches a same-origin JSON endpoint and parses the answer with its shared zod schema. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const { method = 'GET', body, signal, reportAuthErrors = true } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  // A form (a file upload) goes as multipart, with the boundary the browser sets; everything else as JSON.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(0, 'network_error', 'The server could not be reached.');
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw failed(path, response.status, payload, reportAuthErrors);

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error('API response did not match its contract', { path, issues: parsed.error.issues });
    throw new ApiRequestError(
      response.status,
      'invalid_response',
      'The server sent an answer this page does not understand.',
    );
  }
  return parsed.data;
}

/** The error of a failed call, told to the session watcher when it is a 401. */
function failed(path: string, status: number, payload: unknown, reportAuthErrors: boolean): ApiRequestError {
  const apiError = parseApiError(payload);
  const error = new ApiRequestError(status, apiError?.code ?? null, apiError?.message ?? null);
  const event = reportAuthErrors ? authEventFor(status, error.code) : null;
  if (event) emitAuthEvent(event);
  console.error(error.message, { path });
  return error;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, or null. */
export function attachmentName(header: string | null): string | null {
  const name = /filename="([^"]+)"/.exec(header ?? '')?.[1];
  return name && !/[/\\]/.test(name) ? name : null;
}

/**
 * Fetches a same-origin download (an evidence report) and saves it under the name the server gives, failing like
 * `apiRequest` does: the error's message is the server's, and a 401 tells the session watcher.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, 'network_error', 'The server could not be reached.');
  }
  if (!response.ok) throw failed(path, response.status, await response.json().catch(() => null), true);
  downloadBlob(attachmentName(response.headers.get('content-disposition')) ?? fallbackName, await response.blob());
}

export const apiGet = <S extends z.ZodType>(
  path: string,
  schema: S,
  options?: Omit<RequestOptions, 'method' | 'body'>,
) => apiRequest(path, schema, { ...options, method: 'GET' });

export const apiSend = <S extends z.ZodType>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  schema: S,
  options?: Omit<RequestOptions, 'method' | 'body'>,
) => apiRequest(path, schema, { ...options, method, body });

/**
 * Every item of a paged list (`path?limit&offset`), the largest page at a time until a short one: what Export All
 * downloads, whatever the filters on screen.
 */
export async function apiGetAll<S extends z.ZodType, T>(
  path: string,
  schema: S,
  itemsOf: (page: z.output<S>) => T[],
): Promise<T[]> {
  const all: T[] = [];
  for (let at = 0; ; at += LIMITS.pageSizeMax) {
    const items = itemsOf(await apiGet(`${path}?limit=${LIMITS.pageSizeMax}&offset=${at}`, schema));
    all.push(...items);
    if (items.length < LIMITS.pageSizeMax) return all;
  }
}
