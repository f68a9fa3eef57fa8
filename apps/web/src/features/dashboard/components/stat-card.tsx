import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';

/** One figure with its label and a short line under it. */
export function StatCard({
  label,
  value,
  note,
  noteTone = 'muted',
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  noteTone?: 'muted' | 'ok' | 'warm';
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <p className="text-sm text-subtle">{label}</p>
      <p className="mt-2 font-mono text-3xl font-bold tabular-nums">{value}</p>
      {note && (
        <p
          className={cx(
            'mt-1 text-sm',
            noteTone === 'ok' ? 'text-ok' : noteTone === 'warm' ? 'text-warm' : 'text-muted',
          )}
        >
          {note}
        </p>
      )}
    </Card>
  );
}
