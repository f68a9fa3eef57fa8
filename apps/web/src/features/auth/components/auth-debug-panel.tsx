import { useEffect, useState } from 'react';
import { TIMING } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { authKeysIn, storageKeys } from '../auth-storage';
import { useSession } from '../session';
import { formatTimeRemaining } from '../time-remaining';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-line/60 py-3 last:border-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-subtle">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

const mono = 'font-mono text-[13px]';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

function localAuthKeys(): string[] {
  try {
    return authKeysIn(storageKeys(window.localStorage));
  } catch {
    return [];
  }
}

/** What the app knows about sign-in, for support conversations. The API never sends tokens, so none can show. */
export function AuthDebugPanel() {
  const { session, user, isLoading, error, refetch } = useSession();
  const now = useNow(TIMING.expiryCountdownRefreshMs);
  const keys = localAuthKeys();

  if (isLoading) return <p className="text-muted">Loading session details...</p>;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <div className="mb-2 flex items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Session</h2>
          {session.authenticated ? <Badge tone="ok">Signed in</Badge> : <Badge>Signed out</Badge>}
        </div>
        <dl>
          <Row label="Authenticated">{String(session.authenticated)}</Row>
          <Row label="Expires">
            {session.expiresAt ? (
              <>
                <span className={mono}>{session.expiresAt}</span>{' '}
                <span className="text-muted">({formatTimeRemaining(session.expiresAt, now)})</span>
              </>
            ) : (
              '—'
            )}
          </Row>
          <Row label="Session check">
            {error ? <span className="text-danger">{error.message}</span> : <span className="text-ok">Answered</span>}
          </Row>
        </dl>
        <button
          type="button"
          onClick={() => void refetch()}
          className="mt-4 text-sm font-medium text-accent hover:underline"
        >
          Check again
        </button>
      </Card>

      <Card>
        <h2 className="mb-2 text-lg font-semibold">Sign-in provider</h2>
        <dl>
          <Row label="Kind">
            {session.provider.kind === 'local' ? 'Built-in local provider' : 'External OpenID Connect provider'}
          </Row>
          <Row label="Name">{session.provider.name}</Row>
          <Row label="Issuer">
            {session.provider.issuer ? <span className={mono}>{session.provider.issuer}</span> : '—'}
          </Row>
        </dl>
      </Card>

      <Card className="lg:col-span-2">
        <h2 className="mb-2 text-lg font-semibold">User</h2>
        {user ? (
          <dl>
            <Row label="Name">{user.name}</Row>
            <Row label="E-mail">
              {user.email}{' '}
              {user.emailVerified ? <Badge tone="ok">verified</Badge> : <Badge tone="warm">not verified</Badge>}
            </Row>
            <Row label="User id">
              <span className={mono}>{user.id}</span>
            </Row>
            <Row label="Provider subject">
              <span className={mono}>{user.auth0_id}</span>
            </Row>
            <Row label="Provider">{user.provider}</Row>
            <Row label="Role">{user.role}</Row>
            <Row label="Sign-ins">{user.loginCount}</Row>
            <Row label="Last sign-in">
              <span className={mono}>{user.lastLogin}</span>
            </Row>
          </dl>
        ) : (
          <p className="text-muted">No one is signed in in this browser.</p>
        )}
      </Card>

      <Card className="lg:col-span-2">
        <h2 className="mb-2 text-lg font-semibold">Sign-in keys in this browser</h2>
        <p className="mb-3 text-sm text-muted">
          The session lives on the server behind an httpOnly cookie. Keys left here by older versions can break sign-in;
          Clear Cache removes them.
        </p>
        {keys.length === 0 ? (
          <p className="text-sm text-ok">None found.</p>
        ) : (
          <ul className="space-y-1">
            {keys.map((key) => (
              <li key={key} className={`${mono} text-warm`}>
                {key}
              </li>
            ))}
          </ul>
        )}
        <a href="/clear-auth0.html" className="mt-4 inline-block text-sm font-medium text-accent hover:underline">
          Open Clear Cache
        </a>
      </Card>
    </div>
  );
}
