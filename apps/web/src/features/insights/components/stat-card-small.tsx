import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

export function StatCardSmall({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="p-5" data-testid={testId}>
      <p className="text-sm text-subtle">{label}</p>
      <p className="mt-1 font-mono text-2xl font-bold tabular-nums">{value}</p>
      {note && <p className="mt-1 text-xs text-muted">{note}</p>}
    </Card>
  );
}
