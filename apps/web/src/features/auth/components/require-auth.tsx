import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useSession } from '../session';
import { sessionExpiredStore } from '../session-expired';
import { returnToFrom, type SignInRedirectState } from '../return-to';

/** Route guard: checks sign-in only (R-AUTH-4); the server enforces everything else. */
export function RequireAuth({
  loadingLabel = 'Checking your session...',
  children,
}: {
  loadingLabel?: string;
  children?: ReactNode;
}) {
  const { isLoading, isAuthenticated, session } = useSession();
  const location = useLocation();
  const expired = !isAuthenticated && session.expired;
  // A protected page opened with a dead session says so (R-AUTH-5) instead of silently going home.
  useEffect(() => {
    if (expired) sessionExpiredStore.set(true);
  }, [expired]);
  if (isLoading) return <LoadingScreen label={loadingLabel} />;
  if (expired) return <LoadingScreen label="Your session has expired" />;
  // Home (R-AUTH-4), remembering the page asked for: signing in from there comes back to it.
  if (!isAuthenticated) {
    const state: SignInRedirectState = { signInReturnTo: returnToFrom(location) };
    return <Navigate to="/" replace state={state} />;
  }
  return children ?? <Outlet />;
}
