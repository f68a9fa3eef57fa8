import { describe, expect, it } from 'vitest';
import { sanitizeReturnTo } from './return-to';

describe('sanitizeReturnTo', () => {
  it('keeps same-site relative paths with query and hash', () => {
    expect(sanitizeReturnTo('/dashboard')).toBe('/dashboard');
    expect(sanitizeReturnTo('/pricing?plan=pro#faq')).toBe('/pricing?plan=pro#faq');
  });

  it.each([
    undefined,
    '',
    'dashboard',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '/ok\\..\\evil',
    'javascript:alert(1)',
    '/a\nb',
    '/auth/login',
    '/local-idp/auth',
    42,
  ])('sends %j home', (value) => {
    expect(sanitizeReturnTo(value)).toBe('/');
  });
});
