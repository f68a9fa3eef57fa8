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

/** Router state left by the sign-in guard: the page a signed-out visitor asked for. */
export type SignInRedirectState = { signInReturnTo: string };

/**
 * Where a sign-in started on this page should return: the page the guard turned the visitor away from (kept in
 * the router state of the redirect), else `fallback`.
 */
export function askedReturnTo(state: unknown, fallback: string): string {
  const asked = (state as Partial<SignInRedirectState> | null)?.signInReturnTo;
  return typeof asked === 'string' && asked.length > 0 ? sanitizeReturnTo(asked) : fallback;
}
