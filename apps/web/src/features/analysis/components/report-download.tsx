import { useState } from 'react';
import type { AnalysisStatus } from '@vt/shared';
import { cx } from '../../../components/ui/cx';
import { buttonClass } from '../../../components/ui/button';
import { apiDownload } from '../../../lib/api-client';

type Format = 'pdf' | 'json';

/** Whether an analysis has a report to download: it has finished, found a place or not (R-REPORT-2). */
export const hasReport = (status: AnalysisStatus) => status === 'done' || status === 'failed';

/** The paths of an analysis' evidence report. */
export const reportPath = (analysisId: string, format: Format) =>
  `/api/analyses/${encodeURIComponent(analysisId)}/report.${format}`;

/** The map popup's compact buttons. */
const COMPACT =
  'inline-flex items-center gap-1.5 rounded-md border border-line bg-raised px-2.5 py-1.5 text-xs font-semibold text-fg hover:border-accent/60 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Download the evidence report of a finished analysis (R-REPORT-1): the PDF first, the same content as JSON beside
 * it. Fetched through the API client so an expired session or a refusal shows as a message, not as a saved file.
 */
export function ReportDownload({
  analysisId,
  compact = false,
  className,
}: {
  analysisId: string;
  /** The map popup's smaller size. */
  compact?: boolean;
  className?: string;
}) {
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (format: Format) => {
    setBusy(format);
    setError(null);
    try {
      await apiDownload(reportPath(analysisId, format), `evidence-report-${analysisId.slice(0, 8)}.${format}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The report could not be downloaded.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={cx('flex flex-wrap items-center gap-x-3 gap-y-1.5', className)} data-testid="report-download">
      <button
        type="button"
        className={compact ? COMPACT : buttonClass('secondary', 'sm')}
        disabled={busy !== null}
        onClick={() => void save('pdf')}
        data-testid="report-pdf"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'}>
          <path
            d="M12 4v11m-5-5 5 5 5-5M5 20h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {busy === 'pdf' ? 'Preparing report...' : 'Download report'}
        <span className="sr-only"> (PDF)</span>
      </button>
      <button
        type="button"
        className={cx(
          'rounded-sm text-accent underline underline-offset-2 hover:text-accent-strong disabled:opacity-60',
          compact ? 'text-xs' : 'text-sm',
        )}
        disabled={busy !== null}
        onClick={() => void save('json')}
        data-testid="report-json"
      >
        {busy === 'json' ? 'Preparing...' : 'JSON'}
        <span className="sr-only"> version of the report</span>
      </button>
      {error && (
        <p role="alert" className="basis-full text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
