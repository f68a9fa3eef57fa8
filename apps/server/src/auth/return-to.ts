/**
 * Where to go after sign-in: only a same-site relative path, so /auth/login cannot be used as an
 * open redirect. Anything else (absolute URLs, `//host`, `/\host`, control characters) becomes `/`.
 */
export function sanitizeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const base = 'http://vt.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return '/';
    // Sign-in routes would loop; send those home.
    if (url.pathname.startsWith('/auth/') || url.pathname.startsWith('/local-idp')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
