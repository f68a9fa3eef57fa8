import type { AnalysisRecord } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { AnalysisRow } from './analysis-row';
import { StartAnalyzing } from './start-analyzing';

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
      <QueryState
        query={{ isLoading, error, data: analyses ?? [] }}
        loading="Loading recent activity..."
        className="px-6 py-8"
      >
        {(list) =>
          !list.length ? (
            <EmptyState title="No analyses yet" text="Upload a photo to find out where it was taken.">
              <StartAnalyzing />
            </EmptyState>
          ) : (
            <ul aria-labelledby="recent-activity" className="divide-y divide-line">
              {list.map((a) => (
                <AnalysisRow key={a.id} record={a} testId="recent-analysis" dateOnly>
                  <Button variant="secondary" size="sm" onClick={() => onDetails(a)}>
                    Details
                  </Button>
                  <Button size="sm" disabled={!a.location} onClick={() => onView(a)}>
                    View
                  </Button>
                </AnalysisRow>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}
