/**
 * Return paths travel through the server's /auth/login and come back as a redirect target, so only
 * same-site relative paths are allowed: "//evil.example" or "https://…" would be an open redirect.
 */
export function sanitizeReturnTo(value: string | null | undefined): string {
  if (!value) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (CR/LF above all) could split a redirect header.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '/';
  return value;
}

/** The path the user is on now, as a return path. */
export function returnToFrom(location: { pathname: string; search?: string; hash?: string }): string {
  return sanitizeReturnTo(`${location.pathname}${location.search ?? ''}${location.hash ?? ''}`);
}

/** The server's sign-in entry point for a return path. */
export function loginUrl(returnTo: string): string {
  return `/auth/login?returnTo=${encodeURIComponent(sanitizeReturnTo(returnTo))}`;
}
