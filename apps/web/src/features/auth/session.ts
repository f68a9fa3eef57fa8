import { useQuery } from '@tanstack/react-query';
import { SessionInfoSchema, type SessionInfo } from '@vt/shared';
import { apiGet } from '../../lib/api-client';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** What the app assumes when the session cannot be read: signed out, never signed in by accident. */
export function signedOutSession(previous?: SessionInfo): SessionInfo {
  return {
    authenticated: false,
    expired: false,
    user: null,
    provider: previous?.provider ?? { kind: 'local', issuer: null, name: 'sign-in provider' },
    expiresAt: null,
  };
}

export function fetchSession(signal?: AbortSignal): Promise<SessionInfo> {
  return apiGet('/api/auth/session', SessionInfoSchema, { signal });
}

/** The current session. While it loads `isLoading` is true; a failed read counts as signed out. */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
    // Signing out in another tab should show here when the user comes back.
    refetchOnWindowFocus: true,
    retryDelay: 400,
  });
  const session = query.data ?? signedOutSession();
  const user = session.authenticated ? session.user : null;
  return {
    session,
    user,
    isAuthenticated: user !== null,
    isLoading: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}
