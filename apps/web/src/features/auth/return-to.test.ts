import { describe, expect, it } from 'vitest';
import { loginUrl, returnToFrom, sanitizeReturnTo } from './return-to';

describe('sanitizeReturnTo', () => {
  it.each([
    ['/pricing?plan=starter', '/pricing?plan=starter'],
    ['/dashboard', '/dashboard'],
    ['', '/'],
    [null, '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['dashboard', '/'],
    ['/a\nb', '/'],
  ])('%s → %s', (input, expected) => expect(sanitizeReturnTo(input)).toBe(expected));
});

describe('returnToFrom', () => {
  it('keeps path, query and hash', () => {
    expect(returnToFrom({ pathname: '/pricing', search: '?plan=pro', hash: '#faq' })).toBe('/pricing?plan=pro#faq');
  });
});

describe('loginUrl', () => {
  it('encodes the return path as one query value', () => {
    expect(loginUrl('/pricing?plan=starter&x=1')).toBe('/auth/login?returnTo=%2Fpricing%3Fplan%3Dstarter%26x%3D1');
  });
  it('never forwards an absolute URL', () => {
    expect(loginUrl('https://evil.example')).toBe('/auth/login?returnTo=%2F');
  });
});
