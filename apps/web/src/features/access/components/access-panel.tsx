import { useEffect } from 'react';
import { Card } from '../../../components/ui/card';
import { ApiRequestError } from '../../../lib/api-client';
import { useLocationIndex } from '../../analysis';
import { useMyLimits, useRedeemAccessCode } from '../api';
import { limitText, refusalReason, resetText, usageShare, usageText } from '../format';
import { CodeForm } from './code-form';

/**
 * This week's image usage, when it resets, and the access-code form (R-ACCESS-4, R-ACCESS-8, R-ACCESS-9). The numbers
 * come from the server, which enforces them; the panel only explains them, including why the next upload would be
 * refused.
 */
export function AccessPanel() {
  const limits = useMyLimits();
  const index = useLocationIndex();
  const { refetch } = limits;
  // A finished analysis refreshes the location index; usage changed with it.
  useEffect(() => {
    if (index.dataUpdatedAt) void refetch();
  }, [index.dataUpdatedAt, refetch]);

  return (
    <Card className="grid gap-5 p-5 lg:grid-cols-[1fr_22rem]" data-testid="access-panel">
      <div>
        <h2 className="text-sm font-semibold tracking-wide text-subtle uppercase">Your image limit</h2>
        {limits.isPending ? (
          <p className="mt-3 text-sm text-muted">Loading image stats...</p>
        ) : limits.isError ? (
          <p className="mt-3 text-sm text-danger" role="alert">
            Your limits could not be loaded. {limits.error instanceof ApiRequestError ? limits.error.serverMessage : ''}
          </p>
        ) : (
          <div className="mt-3 space-y-3">
            <p className="text-sm font-medium text-fg" data-testid="access-usage">
              {usageText(limits.data)}
            </p>
            <div
              className="h-2 overflow-hidden rounded-full bg-raised"
              role="progressbar"
              aria-label="Images used this week"
              aria-valuemin={0}
              aria-valuemax={limits.data.weeklyImageLimit ?? undefined}
              aria-valuenow={limits.data.currentUsage}
            >
              <div
                className={`h-full rounded-full ${limits.data.remainingThisWeek === 0 ? 'bg-warm' : 'bg-accent'}`}
                style={{ width: `${Math.round(usageShare(limits.data) * 100)}%` }}
              />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted">Remaining this week</dt>
              <dd className="text-right text-fg tabular-nums" data-testid="access-remaining">
                {limitText(limits.data.remainingThisWeek)}
              </dd>
              <dt className="text-muted">Images per upload</dt>
              <dd className="text-right text-fg tabular-nums">{limitText(limits.data.imagesPerInstance)}</dd>
              <dt className="text-muted">Resets</dt>
              <dd className="text-right text-fg" data-testid="access-reset">
                {resetText(limits.data.weekResetDate, limits.data.timeZone)}
              </dd>
              <dt className="text-muted">Map access</dt>
              <dd className="text-right text-fg">{limits.data.mapAccess ? 'Yes' : 'No — redeem a code'}</dd>
            </dl>
            {refusalReason(limits.data) && (
              <p
                className="rounded-lg border border-warm/50 bg-warm/10 p-3 text-sm text-warm"
                role="status"
                data-testid="access-refusal"
              >
                {refusalReason(limits.data)}
              </p>
            )}
            {limits.data.accessCodes.length > 0 && (
              <ul className="space-y-1 text-xs text-muted">
                {limits.data.accessCodes.map((c) => (
                  <li key={`${c.tier}-${c.redeemedAt}`}>
                    {c.name} · until {new Date(c.expiresAt).toLocaleDateString()}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <RedeemForm />
    </Card>
  );
}

function RedeemForm() {
  return (
    <CodeForm
      mutation={useRedeemAccessCode()}
      label="Redeem access code"
      submitText="Redeem"
      pendingText="Redeeming..."
      hint="A code from Vision Terminal raises your weekly limit and images per upload, and opens the map."
      errorTestId="redeem-error"
      success={(data) => (
        <p className="mt-2 text-sm text-ok" role="status" data-testid="redeem-success">
          {data.redeemed.name} unlocked until {new Date(data.redeemed.expiresAt).toLocaleDateString()}.
        </p>
      )}
      className="border-t border-line pt-4 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-5"
    />
  );
}
