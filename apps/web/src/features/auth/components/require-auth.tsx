import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useSession } from '../session';
import { sessionExpiredStore } from '../session-expired';

/** Route guard: checks sign-in only (spec 1 §6); the server enforces everything else. */
export function RequireAuth({
  loadingLabel = 'Checking your session...',
  children,
}: {
  loadingLabel?: string;
  children?: ReactNode;
}) {
  const { isLoading, isAuthenticated, session } = useSession();
  const expired = !isAuthenticated && session.expired;
  // A protected page opened with a dead session says so (spec 2 §2) instead of silently going home.
  useEffect(() => {
    if (expired) sessionExpiredStore.set(true);
  }, [expired]);
  if (isLoading) return <LoadingScreen label={loadingLabel} />;
  if (expired) return <LoadingScreen label="Your session has expired" />;
  if (!isAuthenticated) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
