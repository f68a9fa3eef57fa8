import { LogoutResponseSchema } from '@vt/shared';
import { runBeforeSignOut } from '../../lib/before-sign-out';
import { clearAuthStorage } from './auth-storage';
import { loginUrl } from './return-to';

/** Full-page redirect to the server's sign-in, after dropping stale provider keys (R-AUTH-2). */
export function startSignIn(returnTo: string): void {
  clearAuthStorage();
  window.location.assign(loginUrl(returnTo));
}

/** Ends the server session (and the provider's, when it supports it), then follows the server's redirect. */
export async function signOut(): Promise<void> {
  clearAuthStorage();
  await runBeforeSignOut();
  let target = '/';
  try {
    const response = await fetch('/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    const parsed = LogoutResponseSchema.safeParse(await response.json());
    if (response.ok && parsed.success) target = parsed.data.redirectTo;
  } catch {
    // Falling back to the origin is the spec's behaviour when the provider logout cannot run.
  }
  window.location.assign(target);
}
