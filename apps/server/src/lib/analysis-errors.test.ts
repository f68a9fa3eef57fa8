import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_ERROR_MESSAGES as M,
  describeAnalysisError,
  describeThrown,
  type AnalysisErrorCause,
} from './analysis-errors';

describe('describeAnalysisError (R-ANALYSIS-6 table)', () => {
  const rows: Array<[string, AnalysisErrorCause, string, boolean]> = [
    ['network failure', { kind: 'network' }, 'Network connection failed. Please check your internet connection.', true],
    ['timeout', { kind: 'timeout' }, 'Analysis timed out. The image may be too complex.', true],
    ['HTTP 429', { kind: 'http', status: 429 }, 'Too many requests. Please wait a moment and try again.', true],
    ['HTTP 401', { kind: 'http', status: 401 }, 'Authentication failed. Please refresh the page.', false],
    ['HTTP 403', { kind: 'http', status: 403 }, 'Authentication failed. Please refresh the page.', false],
    ['HTTP 500', { kind: 'http', status: 500 }, 'Server error. Our team has been notified.', true],
    ['HTTP 503', { kind: 'http', status: 503 }, 'Server error. Our team has been notified.', true],
    ['message with timeout', { kind: 'message', message: 'Request timeout after 30000ms' }, M.timeout, true],
    ['message with 429', { kind: 'message', message: 'HTTP error! status: 429' }, M.rateLimited, true],
    ['message with 401', { kind: 'message', message: 'HTTP error! status: 401' }, M.auth, false],
    ['message with 403', { kind: 'message', message: 'status 403 Forbidden' }, M.auth, false],
    ['message with 500', { kind: 'message', message: 'HTTP error! status: 500' }, M.server, true],
    ['message Failed to fetch', { kind: 'message', message: 'TypeError: Failed to fetch' }, M.network, true],
    ['other message kept', { kind: 'message', message: 'Model refused the image' }, 'Model refused the image', false],
    ['empty message', { kind: 'message', message: '' }, 'Unknown error occurred', false],
    ['null message', { kind: 'message', message: null }, 'Unknown error occurred', false],
    ['HTTP 404 with text', { kind: 'http', status: 404, message: 'Model not found' }, 'Model not found', false],
    ['HTTP 400 without text', { kind: 'http', status: 400 }, 'Unknown error occurred', false],
    ['5000 is not 500', { kind: 'message', message: 'took 5000 tokens' }, 'took 5000 tokens', false],
  ];
  it.each(rows)('%s', (_name, cause, message, canRetry) => {
    const r = describeAnalysisError(cause);
    expect(r.message).toBe(message);
    expect(r.canRetry).toBe(canRetry);
  });

  it('network is checked before timeout, as in the spec', () => {
    expect(describeAnalysisError({ kind: 'message', message: 'fetch failed: timeout' }).kind).toBe('network');
  });
});

describe('describeThrown', () => {
  it('maps undici fetch failures to network', () => {
    const err = new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
    expect(describeThrown(err)).toEqual({ kind: 'network', message: M.network, canRetry: true });
  });
  it('maps AbortSignal.timeout errors to timeout', () => {
    const err = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(describeThrown(err).message).toBe(M.timeout);
  });
  it('uses a status carried by the error', () => {
    expect(describeThrown(Object.assign(new Error('nope'), { status: 403 })).message).toBe(M.auth);
    expect(describeThrown(Object.assign(new Error('busy'), { statusCode: 429 })).canRetry).toBe(true);
  });
  it('keeps a plain message and falls back for non-errors', () => {
    expect(describeThrown(new Error('Something odd')).message).toBe('Something odd');
    expect(describeThrown('HTTP 500').message).toBe(M.server);
    expect(describeThrown(undefined).message).toBe(M.unknown);
    expect(describeThrown(42).message).toBe(M.unknown);
  });
});
