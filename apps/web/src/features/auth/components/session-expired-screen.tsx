import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/logo';
import { useStore } from '../../../lib/store';
import { signOut } from '../actions';
import { sessionExpiredStore } from '../session-expired';

/** Covers the app once the server reports the session dead (R-AUTH-5). The only way on is home. */
export function SessionExpiredScreen() {
  const expired = useStore(sessionExpiredStore);
  const [leaving, setLeaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (expired) button.current?.focus();
  }, [expired]);

  if (!expired) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="session-expired-title"
      aria-describedby="session-expired-text"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-bg/95 px-5 backdrop-blur-sm"
      onKeyDown={(event) => {
        // One control only: keep Tab on it so focus cannot wander under the overlay.
        if (event.key === 'Tab') {
          event.preventDefault();
          button.current?.focus();
        }
      }}
    >
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-2xl">
        <LogoMark className="mx-auto mb-5 size-12" />
        <h1 id="session-expired-title" className="text-2xl font-bold text-fg">
          Session Expired
        </h1>
        <p id="session-expired-text" className="mt-3 text-muted">
          Your session has ended. Sign in again to carry on where you left off.
        </p>
        <Button
          ref={button}
          size="lg"
          className="mt-7 w-full"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          Go to Home
        </Button>
      </div>
    </div>
  );
}
