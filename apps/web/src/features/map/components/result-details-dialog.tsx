import type { Analysis } from '@vt/shared';
import { formatConfidence } from '../../analysis';
import { Button } from '../../../components/ui/button';
import { describeResult } from '../geo';
import { MapDialog } from './map-dialog';

/** The detail modal (R-MAP-4): image, summary, latitude, longitude, confidence and View on Map. */
export function ResultDetailsDialog({
  analysis,
  open,
  onClose,
  onViewOnMap,
}: {
  analysis: Analysis | null;
  open: boolean;
  onClose: () => void;
  onViewOnMap: () => void;
}) {
  const result = analysis?.analysis_result ?? null;
  const image = analysis?.image_url ?? analysis?.thumbnailUrl ?? null;
  return (
    <MapDialog
      open={open && Boolean(result)}
      title={result?.name ?? ''}
      label="Analysis details"
      onClose={onClose}
      testId="result-details"
    >
      {result && analysis && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
          {image ? (
            <img
              src={image}
              alt={`The analysed photo ${analysis.fileName}`}
              className="max-h-56 w-full rounded-lg border border-line object-cover"
            />
          ) : (
            <p className="rounded-lg border border-line p-4 text-xs text-muted">No image is stored for this photo.</p>
          )}
          <div className="min-w-0 text-sm">
            <p className="leading-relaxed text-muted" data-testid="details-summary">
              {describeResult(result, analysis.evidence)}
            </p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-subtle">Latitude</dt>
              <dd className="font-mono" data-testid="details-lat">
                {result.lat.toFixed(6)}
              </dd>
              <dt className="text-subtle">Longitude</dt>
              <dd className="font-mono" data-testid="details-lng">
                {result.lng.toFixed(6)}
              </dd>
              <dt className="text-subtle">Confidence</dt>
              <dd>{formatConfidence(result.confidence)}</dd>
              <dt className="text-subtle">Source</dt>
              <dd>{result.source}</dd>
            </dl>
            <Button size="sm" className="mt-4" onClick={onViewOnMap}>
              View on Map
            </Button>
          </div>
        </div>
      )}
    </MapDialog>
  );
}
