import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCoordinate, type AnalysisRecord } from '@vt/shared';
import { standingOfRecord } from './record-standing';
import { Button } from '../../../components/ui/button';
import { Modal, ModalHeading, useModal } from '../../../components/ui/modal';
import { useDeleteAnalysis } from '../api';
import { downloadJson } from '../../../lib/download';
import { exportDocument, exportFileName, storeNavigationHint } from '../export';
import { AnalysisFeedback } from './analysis-feedback';

const percent = (c: number) => `${Math.round(c * 100)}%`;

/**
 * The details modal (R-DASH-3): the analysis' place, standing, confidence, coordinates and time, its rating, and
 * View on Map, Export Data and Delete (after a confirmation).
 */
export function AnalysisDetailsDialog({ record, onClose }: { record: AnalysisRecord | null; onClose: () => void }) {
  const modal = useModal();
  const navigate = useNavigate();
  const remove = useDeleteAnalysis();
  // Keyed by record: opening another analysis starts without a pending confirmation.
  const [confirmFor, setConfirmFor] = useState<string | null>(null);
  const confirming = record !== null && confirmFor === record.id;

  const place = record?.location;
  const standing = (record && standingOfRecord(record)) ?? 'not_located';
  return (
    <Modal
      modal={modal}
      open={record !== null}
      labelledBy="analysis-details-title"
      onClose={() => {
        setConfirmFor(null);
        remove.reset();
        onClose();
      }}
      className="max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto"
    >
      {record && (
        <div className="p-6">
          <ModalHeading
            eyebrow="Analysis details"
            title={place?.name ?? record.file_name}
            titleId="analysis-details-title"
            onClose={modal.close}
          />
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
                  onClick={() => remove.mutate(record.id, { onSuccess: modal.close })}
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
    </Modal>
  );
}
