import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'accent' | 'warm' | 'ok' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-line text-muted',
  accent: 'border-accent/40 text-accent',
  warm: 'border-warm/40 text-warm',
  ok: 'border-ok/40 text-ok',
  danger: 'border-danger/50 text-danger',
};

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
