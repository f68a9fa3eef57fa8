import { formatCoordinate, type AnalysisRecord } from '@vt/shared';
import { RecordStandingBadge, recordPlaceLine } from './record-standing';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';

/** Confidence badge: green at 80% or more, amber below (R-DASH-2). */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const pct = Math.round(confidence * 100);
  return <Badge tone={pct >= 80 ? 'ok' : 'warm'}>{pct}%</Badge>;
}

/** Recent Activity: the newest analyses with Details and View, or the empty state. */
export function RecentActivity({
  analyses,
  isLoading,
  error,
  onDetails,
  onView,
}: {
  analyses: AnalysisRecord[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onDetails: (record: AnalysisRecord) => void;
  onView: (record: AnalysisRecord) => void;
}) {
  return (
    <div className="rounded-xl border border-line bg-surface">
      <div className="flex items-center justify-between gap-3 border-b border-line px-6 py-4">
        <h2 id="recent-activity" className="text-lg font-semibold">
          Recent Activity
        </h2>
        <ButtonLink to="/analysis-history" variant="ghost" size="sm">
          View all
        </ButtonLink>
      </div>
      {isLoading ? (
        <p className="px-6 py-8 text-sm text-muted">Loading recent activity...</p>
      ) : error ? (
        <p role="alert" className="px-6 py-8 text-sm text-danger">
          {error.message}
        </p>
      ) : !analyses?.length ? (
        <div className="px-6 py-10 text-center">
          <p className="font-semibold">No analyses yet</p>
          <p className="mt-1 text-sm text-muted">Upload a photo to find out where it was taken.</p>
          <ButtonLink to="/access-ai" className="mt-5">
            Start Analyzing
          </ButtonLink>
        </div>
      ) : (
        <ul aria-labelledby="recent-activity" className="divide-y divide-line">
          {analyses.map((a) => (
            <li
              key={a.id}
              data-testid="recent-analysis"
              className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="truncate font-medium">{a.location?.name ?? a.file_name}</p>
                  <RecordStandingBadge record={a} />
                </div>
                <p className="mt-1 text-sm text-muted">
                  {recordPlaceLine(a)}
                  <span aria-hidden="true"> · </span>
                  {new Date(a.created_at).toLocaleDateString()}
                </p>
                {a.location && (
                  <p className="mt-1 font-mono text-xs text-subtle">
                    {formatCoordinate(a.location.lat, 4)}, {formatCoordinate(a.location.lng, 4)}
                  </p>
                )}
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="secondary" size="sm" onClick={() => onDetails(a)}>
                  Details
                </Button>
                <Button size="sm" disabled={!a.location} onClick={() => onView(a)}>
                  View
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
