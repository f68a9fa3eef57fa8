import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCoordinate, type AnalysisRecord } from '@vt/shared';
import { standingOfRecord } from './record-standing';
import { Button } from '../../../components/ui/button';
import { useDeleteAnalysis } from '../api';
import { downloadJson } from '../../../lib/download';
import { exportDocument, exportFileName, storeNavigationHint } from '../export';
import { trapTab } from '../../../components/ui/trap-tab';
import { AnalysisFeedback } from './analysis-feedback';

const percent = (c: number) => `${Math.round(c * 100)}%`;

/**
 * The details modal (R-DASH-3). A native modal <dialog>: the browser makes the page behind it inert (focus
 * stays inside), Escape closes it, and focus returns to the button that opened it.
 */
export function AnalysisDetailsDialog({ record, onClose }: { record: AnalysisRecord | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const remove = useDeleteAnalysis();
  // Keyed by record: opening another analysis starts without a pending confirmation.
  const [confirmFor, setConfirmFor] = useState<string | null>(null);
  const confirming = record !== null && confirmFor === record.id;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (record && !dialog.open) dialog.showModal();
    if (!record && dialog.open) dialog.close();
  }, [record]);

  const place = record?.location;
  const standing = (record && standingOfRecord(record)) ?? 'not_located';
  return (
    <dialog
      ref={ref}
      aria-labelledby="analysis-details-title"
      onClose={() => {
        setConfirmFor(null);
        remove.reset();
        onClose();
      }}
      onKeyDown={(e) => trapTab(e, ref.current)}
      onClick={(e) => {
        if (e.target === ref.current) ref.current.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/70"
    >
      {record && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">Analysis details</p>
              <h2 id="analysis-details-title" className="mt-1 text-xl font-bold break-words">
                {place?.name ?? record.file_name}
              </h2>
            </div>
            <Button variant="ghost" size="sm" aria-label="Close" onClick={() => ref.current?.close()}>
              ✕
            </Button>
          </div>
          <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-5 gap-y-2 text-sm">
            <dt className="text-subtle">Location</dt>
            <dd>{place?.name ?? '—'}</dd>
            {standing === 'located' ? (
              <>
                <dt className="text-subtle">Neighborhood</dt>
                <dd data-testid="details-neighbourhood">
                  {place?.neighbourhood ?? <span className="text-subtle">Not known</span>}
                </dd>
                <dt className="text-subtle">Municipality</dt>
                <dd>{place?.municipality ?? <span className="text-subtle">Not known</span>}</dd>
                <dt className="text-subtle">ZIP</dt>
                <dd>{place?.zip ?? <span className="text-subtle">Not known</span>}</dd>
              </>
            ) : (
              <>
                <dt className="text-subtle">Place</dt>
                <dd data-testid="details-neighbourhood">
                  {standing === 'outside' ? 'Outside Miami-Dade' : 'Not located'}
                </dd>
              </>
            )}
            <dt className="text-subtle">Confidence</dt>
            <dd>{place ? percent(place.confidence) : '—'}</dd>
            <dt className="text-subtle">Coordinates</dt>
            <dd className="font-mono" data-testid="details-coordinates">
              {place ? `${formatCoordinate(place.lat, 6)}, ${formatCoordinate(place.lng, 6)}` : '—'}
            </dd>
            <dt className="text-subtle">Analysis ID</dt>
            <dd className="font-mono text-xs break-all" data-testid="details-id">
              {record.id}
            </dd>
            <dt className="text-subtle">Timestamp</dt>
            <dd>{new Date(record.created_at).toLocaleString()}</dd>
          </dl>
          <AnalysisFeedback analysisId={record.id} />

          {remove.isError && (
            <p role="alert" className="mt-4 text-sm text-danger">
              {remove.error.message}
            </p>
          )}
          {confirming ? (
            <div role="alertdialog" aria-label="Confirm delete" className="mt-6 rounded-lg border border-danger/50 p-4">
              <p className="text-sm">Delete this analysis, its location record and its photo? This cannot be undone.</p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Button
                  className="bg-danger text-accent-ink hover:brightness-110"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(record.id, { onSuccess: () => ref.current?.close() })}
                >
                  {remove.isPending ? 'Deleting...' : 'Confirm Delete'}
                </Button>
                <Button variant="secondary" onClick={() => setConfirmFor(null)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <div className="mt-6 flex flex-wrap gap-3">
              <Button
                disabled={!place}
                onClick={() => {
                  storeNavigationHint(record);
                  void navigate('/map');
                }}
              >
                View on Map
              </Button>
              <Button
                variant="secondary"
                onClick={() => downloadJson(exportFileName(record), exportDocument(record, new Date()))}
              >
                Export Data
              </Button>
              <Button variant="ghost" onClick={() => setConfirmFor(record.id)}>
                <span className="text-danger">Delete</span>
              </Button>
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
