import { useEffect } from 'react';
import { Card } from '../../../components/ui/card';
import { consoleGate } from '../../../lib/logger';
import { useSession } from '../../auth';
import { useConsoleAccess, useRedeemConsoleCode } from '../api';
import { CodeForm } from './code-form';

/** Keeps the console gate in step with the signed-in user's level: closed unless the server confirms 100 or 90. */
export function ConsoleAccessSync() {
  const { isAuthenticated } = useSession();
  const access = useConsoleAccess(isAuthenticated);
  const level = isAuthenticated && access.data?.hasConsoleAccess ? access.data.level : null;
  useEffect(() => consoleGate.applyLevel(level), [level]);
  return null;
}

/** The console-access level, its time remaining, and the code form (R-ACCESS-11, R-ACCESS-12). */
export function ConsoleAccessPanel() {
  const access = useConsoleAccess(true);
  const redeem = useRedeemConsoleCode();
  const a = access.data;
  return (
    <Card className="grid gap-4 p-5 sm:grid-cols-[1fr_22rem]" data-testid="console-access">
      <div>
        <h2 className="text-sm font-semibold tracking-wide text-subtle uppercase">Console access</h2>
        {access.isPending ? (
          <p className="mt-3 text-sm text-muted">Loading...</p>
        ) : !a?.level ? (
          <p className="mt-3 text-sm text-muted" data-testid="console-level">
            {a?.timeRemaining === 'Expired' ? 'Your console access has expired.' : 'No console access.'} Browser console
            output is off.
          </p>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Level</dt>
            <dd className="text-right text-fg" data-testid="console-level">
              {a.level} · {a.name}
            </dd>
            <dt className="text-muted">Console output</dt>
            <dd className="text-right text-fg">{a.hasConsoleAccess ? 'On' : 'Silenced'}</dd>
            <dt className="text-muted">Time remaining</dt>
            <dd className="text-right text-fg" data-testid="console-remaining">
              {a.timeRemaining}
            </dd>
          </dl>
        )}
      </div>
      <CodeForm
        mutation={redeem}
        label="Console access code"
        submitText="Apply"
        hint="For developers: levels 100 and 90 turn on the browser console. Access lasts 365 days."
        errorTestId="console-error"
        className="border-t border-line pt-4 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-5"
      />
    </Card>
  );
}
