import { describe, expect, it } from 'vitest';
import { readAuthError, withoutQuery } from './auth-error';

describe('readAuthError', () => {
  it('reads error and description', () => {
    expect(readAuthError('?error=access_denied&error_description=User%20cancelled')).toEqual({
      error: 'access_denied',
      description: 'User cancelled',
    });
  });
  it('treats a lone description as an error too', () => {
    expect(readAuthError('?error_description=Invalid+state')).toEqual({
      error: 'unknown_error',
      description: 'Invalid state',
    });
  });
  it('ignores ordinary queries', () => {
    expect(readAuthError('?plan=starter')).toBeNull();
    expect(readAuthError('')).toBeNull();
  });
});

describe('withoutQuery', () => {
  it('keeps path and hash, drops the query', () => {
    expect(withoutQuery({ pathname: '/', hash: '' })).toBe('/');
    expect(withoutQuery({ pathname: '/pricing', hash: '#faq' })).toBe('/pricing#faq');
  });
});
