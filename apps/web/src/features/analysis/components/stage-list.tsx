import { cx } from '../../../components/ui/cx';
import type { Stage, StageStatus } from '../stages';

const MARK: Record<StageStatus, { symbol: string; className: string; label: string }> = {
  pending: { symbol: '○', className: 'text-subtle', label: 'waiting' },
  active: { symbol: '◉', className: 'text-accent motion-safe:animate-pulse', label: 'in progress' },
  done: { symbol: '✓', className: 'text-ok', label: 'done' },
  failed: { symbol: '✕', className: 'text-danger', label: 'failed' },
  skipped: { symbol: '–', className: 'text-subtle', label: 'skipped' },
};

/** The engine's stages as they stream in; announced politely to screen readers. */
export function StageList({ stages, notice }: { stages: Stage[]; notice: string | null }) {
  return (
    <div>
      <ol aria-live="polite" aria-label="Analysis stages" className="space-y-2.5" data-testid="stages">
        {stages.map((s) => {
          const mark = MARK[s.status];
          return (
            <li key={s.key} data-stage={s.key} data-status={s.status} className="flex gap-3">
              <span aria-hidden="true" className={cx('w-4 shrink-0 text-center font-mono', mark.className)}>
                {mark.symbol}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span
                    className={cx(
                      'text-sm',
                      s.status === 'pending' || s.status === 'skipped' ? 'text-subtle' : 'text-fg',
                    )}
                  >
                    {s.label}
                    <span className="sr-only">: {mark.label}</span>
                  </span>
                  {s.durationMs !== null && <span className="font-mono text-xs text-subtle">{s.durationMs} ms</span>}
                </div>
                {s.detail && <p className="mt-0.5 text-xs leading-relaxed break-words text-muted">{s.detail}</p>}
              </div>
            </li>
          );
        })}
      </ol>
      {notice && <p className="mt-3 text-sm text-warm">{notice}</p>}
    </div>
  );
}
