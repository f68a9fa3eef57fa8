/**
 * The spec's analysis error table (R-ANALYSIS-6): every failure of an analysis becomes one message a person
 * understands and a flag saying whether a retry makes sense. The words are the spec's, verbatim.
 */

export const ANALYSIS_ERROR_MESSAGES = {
  network: 'Network connection failed. Please check your internet connection.',
  timeout: 'Analysis timed out. The image may be too complex.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  auth: 'Authentication failed. Please refresh the page.',
  server: 'Server error. Our team has been notified.',
  unknown: 'Unknown error occurred',
  invalidResponse: 'Invalid response format from server',
  invalidImage: 'Invalid image data format',
  analysisFailed: 'Analysis failed',
} as const;

export type AnalysisErrorKind = 'network' | 'timeout' | 'rate_limited' | 'auth' | 'server' | 'other';

/** What went wrong, as the caller knows it. `message` is the raw text of the failure, if any. */
export type AnalysisErrorCause =
  | { kind: 'network'; message?: string }
  | { kind: 'timeout'; message?: string }
  | { kind: 'http'; status: number; message?: string }
  | { kind: 'message'; message?: string | null };

export interface AnalysisErrorResult {
  kind: AnalysisErrorKind;
  message: string;
  canRetry: boolean;
}

const result = (kind: AnalysisErrorKind, message: string, canRetry: boolean): AnalysisErrorResult => ({
  kind,
  message,
  canRetry,
});

// The spec checks the message text in this order; a status code, when known, is checked the same way.
function fromStatus(status: number): AnalysisErrorResult | null {
  if (status === 429) return result('rate_limited', ANALYSIS_ERROR_MESSAGES.rateLimited, true);
  if (status === 401 || status === 403) return result('auth', ANALYSIS_ERROR_MESSAGES.auth, false);
  // The spec names 500; the other 5xx (bad gateway, unavailable, gateway timeout) are the same kind of
  // passing server trouble to a person, and retrying them is what the engine does anyway.
  if (status >= 500 && status <= 599) return result('server', ANALYSIS_ERROR_MESSAGES.server, true);
  return null;
}

function fromMessage(message: string): AnalysisErrorResult | null {
  const lower = message.toLowerCase();
  if (
    /failed to fetch|fetch failed|networkerror|network request failed|econnrefused|econnreset|enotfound|eai_again|socket hang up/.test(
      lower,
    )
  ) {
    return result('network', ANALYSIS_ERROR_MESSAGES.network, true);
  }
  if (lower.includes('timeout') || lower.includes('timed out')) {
    return result('timeout', ANALYSIS_ERROR_MESSAGES.timeout, true);
  }
  if (/\b429\b/.test(message)) return result('rate_limited', ANALYSIS_ERROR_MESSAGES.rateLimited, true);
  if (/\b40[13]\b/.test(message)) return result('auth', ANALYSIS_ERROR_MESSAGES.auth, false);
  if (/\b500\b/.test(message)) return result('server', ANALYSIS_ERROR_MESSAGES.server, true);
  return null;
}

/** Maps a known cause to the spec's message and retry flag. */
export function describeAnalysisError(cause: AnalysisErrorCause): AnalysisErrorResult {
  switch (cause.kind) {
    case 'network':
      return result('network', ANALYSIS_ERROR_MESSAGES.network, true);
    case 'timeout':
      return result('timeout', ANALYSIS_ERROR_MESSAGES.timeout, true);
    case 'http': {
      const byStatus = fromStatus(cause.status);
      if (byStatus) return byStatus;
      const text = cause.message?.trim();
      const byText = text ? fromMessage(text) : null;
      return byText ?? result('other', text || ANALYSIS_ERROR_MESSAGES.unknown, false);
    }
    case 'message': {
      const text = cause.message?.trim();
      if (!text) return result('other', ANALYSIS_ERROR_MESSAGES.unknown, false);
      // The spec leaves the retry flag of "otherwise" unstated; an unexplained failure is not retried
      // automatically, so a person is not invited into a loop that cannot succeed.
      return fromMessage(text) ?? result('other', text, false);
    }
  }
}

/** Classifies anything thrown (fetch errors, abort/timeout errors, errors carrying a status). */
export function describeThrown(error: unknown): AnalysisErrorResult {
  if (error && typeof error === 'object') {
    const e = error as {
      name?: unknown;
      message?: unknown;
      status?: unknown;
      statusCode?: unknown;
      code?: unknown;
      cause?: unknown;
    };
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      e.name === 'TimeoutError' ||
      e.name === 'AbortError' ||
      e.code === 'ETIMEDOUT' ||
      e.code === 'UND_ERR_CONNECT_TIMEOUT' ||
      e.code === 'UND_ERR_HEADERS_TIMEOUT'
    ) {
      return describeAnalysisError({ kind: 'timeout', message });
    }
    const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : null;
    if (status !== null) return describeAnalysisError({ kind: 'http', status, message });
    // undici reports "fetch failed" with the socket error as its cause.
    if (e.name === 'TypeError' && /fetch/i.test(message)) return describeAnalysisError({ kind: 'network', message });
    const causeCode = e.cause && typeof e.cause === 'object' ? (e.cause as { code?: unknown }).code : undefined;
    if (
      typeof causeCode === 'string' &&
      /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(causeCode)
    ) {
      return describeAnalysisError({ kind: 'network', message });
    }
    return describeAnalysisError({ kind: 'message', message });
  }
  if (typeof error === 'string') return describeAnalysisError({ kind: 'message', message: error });
  return describeAnalysisError({ kind: 'message', message: null });
}
