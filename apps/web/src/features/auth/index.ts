/** The auth feature's public surface; other features and app/ import only from here. */
export { useSession, SESSION_QUERY_KEY } from './session';
export { startSignIn, signOut } from './actions';
export { returnToFrom, loginUrl, sanitizeReturnTo, askedReturnTo, type SignInRedirectState } from './return-to';
export { authErrorStore, handleAuthErrorOnLoad, type AuthError } from './auth-error';
export { clearAuthStorage } from './auth-storage';
export { useAuthEventBridge } from './auth-bridge';
export { formatTimeRemaining } from './time-remaining';
export { RequireAuth } from './components/require-auth';
export { SessionExpiredScreen } from './components/session-expired-screen';
export { AuthDebugPanel } from './components/auth-debug-panel';
export { accountDeletedOnThisLoad, rememberAccountDeleted } from './account-deleted';
