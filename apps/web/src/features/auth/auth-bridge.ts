import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@vt/shared';
import { onAuthEvent } from '../../lib/auth-events';
import { clearAuthStorage } from './auth-storage';
import { sessionExpiredStore } from './session-expired';
import { SESSION_QUERY_KEY, signedOutSession } from './session';

/**
 * Turns 401s seen by the API client into screen state: a dead session shows the Session Expired
 * screen; any 401 marks the session signed out so protected routes send the user to '/'.
 */
export function useAuthEventBridge(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'session_expired') {
          clearAuthStorage();
          sessionExpiredStore.set(true);
        }
        queryClient.setQueryData<SessionInfo>(SESSION_QUERY_KEY, (previous) => signedOutSession(previous));
      }),
    [queryClient],
  );
}
