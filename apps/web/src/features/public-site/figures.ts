import type { MeasuredFigure } from '@vt/shared';

/** The spec's marketing figures are targets (R-FIGURES-1); they are only ever shown labelled as such. */
export const TARGETS = {
  accuracy: '95%',
  speed: 'under 0.8 s',
  signs: '85% within 300 m on photos it was not tuned on',
} as const;

/** `label` says what exactly was measured: a figure without it would claim more than it measured. */
export type FigureDisplay = { measured: boolean; value: string; note: string; label: string | null };

function formatValue(figure: MeasuredFigure): string {
  const value = Number.isInteger(figure.value) ? String(figure.value) : String(Number(figure.value.toFixed(2)));
  return figure.unit === '%' ? `${value}%` : `${value} ${figure.unit}`.trim();
}

/** A measured figure with its benchmark and date, or "not yet measured" next to the target. */
export function describeFigure(figure: MeasuredFigure | null | undefined, target: string): FigureDisplay {
  if (!figure) return { measured: false, value: 'Not yet measured', note: `target ${target}`, label: null };
  const day = figure.date.slice(0, 10);
  return { measured: true, value: formatValue(figure), note: `${figure.benchmark}, ${day}`, label: figure.label };
}
