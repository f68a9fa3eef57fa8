/**
 * A tiny bus between the API client (which sees 401s) and the auth feature (which decides what the
 * user sees). It keeps src/lib free of feature imports.
 */
export type AuthEvent = 'session_expired' | 'unauthorized';

type Listener = (event: AuthEvent) => void;
const listeners = new Set<Listener>();

export function onAuthEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAuthEvent(event: AuthEvent): void {
  for (const listener of listeners) listener(event);
}
