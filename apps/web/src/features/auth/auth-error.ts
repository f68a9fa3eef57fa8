import { createStore } from '../../lib/store';
import { clearAuthStorage } from './auth-storage';

export type AuthError = { error: string; description: string | null };

/** The sign-in callback sends failures back as `?error=…&error_description=…` (R-AUTH-3). */
export function readAuthError(search: string): AuthError | null {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  const description = params.get('error_description');
  if (error === null && description === null) return null;
  return { error: error || 'unknown_error', description: description || null };
}

/** The same address without its query, so a reload does not replay the error. */
export function withoutQuery(location: { pathname: string; hash?: string }): string {
  return `${location.pathname}${location.hash ?? ''}`;
}

/** Set once per page load when the callback reported an error; the navigation bar reads it. */
export const authErrorStore = createStore<AuthError | null>(null);

/** Runs before the first render: clears sign-in keys, drops the query, remembers the error. */
export function handleAuthErrorOnLoad(win: Window = window): AuthError | null {
  const found = readAuthError(win.location.search);
  if (!found) return null;
  clearAuthStorage(win.localStorage);
  win.history.replaceState(win.history.state, '', withoutQuery(win.location));
  authErrorStore.set(found);
  console.error('Sign-in provider reported an error', found);
  return found;
}
