import type { ReactNode } from 'react';
import { formatCount } from '@vt/shared';
import { Card } from './card';
import { cx } from './cx';

/**
 * One figure with its label and a short line under it. A count is written with its thousands grouped; a figure not
 * known yet (its query still loading or failed) is "—". `small` for a row of four (the insights pages).
 */
export function StatCard({
  label,
  value,
  note,
  noteTone = 'muted',
  small = false,
  testId,
}: {
  label: string;
  value: number | ReactNode | undefined;
  note?: ReactNode;
  noteTone?: 'muted' | 'ok' | 'warm';
  small?: boolean;
  testId?: string;
}) {
  return (
    <Card className={small ? 'p-5' : undefined} data-testid={testId}>
      <p className="text-sm text-subtle">{label}</p>
      <p className={cx('font-mono font-bold tabular-nums', small ? 'mt-1 text-2xl' : 'mt-2 text-3xl')}>
        {typeof value === 'number' ? formatCount(value) : (value ?? '—')}
      </p>
      {note && (
        <p
          className={cx(
            'mt-1',
            small ? 'text-xs' : 'text-sm',
            noteTone === 'ok' ? 'text-ok' : noteTone === 'warm' ? 'text-warm' : 'text-muted',
          )}
        >
          {note}
        </p>
      )}
    </Card>
  );
}
