import type { MeasuredFigure } from '@vt/shared';
import { describeFigure } from '../figures';

/** A figure exactly as R-FIGURES-2 allows: measured with source and date, or "not yet measured (target …)". */
export function MeasuredFigureText({ figure, target }: { figure: MeasuredFigure | null; target: string }) {
  const shown = describeFigure(figure, target);
  return (
    <span>
      <span className={shown.measured ? 'font-semibold text-fg' : 'text-warm'}>{shown.value}</span>{' '}
      <span className="text-sm text-subtle">({shown.note})</span>
      {shown.label && <span className="mt-1 block text-xs leading-snug text-subtle">{shown.label}</span>}
    </span>
  );
}
