import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AnalysisPageSchema, LocationsPageSchema, formatCount, formatMegabytes } from '@vt/shared';
import { Card } from '../../../components/ui/card';
import { CountList } from '../../../components/ui/count-list';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { apiGet } from '../../../lib/api-client';
import { DATA_KEY, useAdminStats, useAnalysisStats, useLocationStats } from '../api';
import { useApiUsageStats, useFeedbackStats, useImageStats, useNotificationStats } from '../stats-api';
import { ConfidenceBadge } from './recent-activity';

const RECENT_SHOWN = 5;

/** One panel of figures from one query, with its loading and error lines. */
function Panel<T>({
  title,
  query,
  loading = 'Loading database statistics...',
  children,
}: {
  title: string;
  query: QueryLike<T>;
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card className="p-5">
      <h3 className="text-sm font-semibold text-subtle">{title}</h3>
      <div className="mt-3 text-sm">
        <QueryState query={query} loading={loading} errorLead="Error loading statistics: ">
          {children}
        </QueryState>
      </div>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <span className="text-muted">{label}</span>
      <span className="font-mono text-lg font-semibold tabular-nums">{value}</span>
    </div>
  );
}

/** Recent analysis and location entries merged, newest first (R-DASH-5). */
function useRecentEntries() {
  return useQuery({
    queryKey: [...DATA_KEY, 'recent-entries'],
    queryFn: async ({ signal }) => {
      const [a, l] = await Promise.all([
        apiGet(`/api/analysis/my?limit=${RECENT_SHOWN}`, AnalysisPageSchema, { signal }),
        apiGet(`/api/locations/my?limit=${RECENT_SHOWN}`, LocationsPageSchema, { signal }),
      ]);
      const entries = [
        ...a.analyses.map((x) => ({
          type: 'analysis' as const,
          id: x.id,
          name: x.location?.name ?? x.file_name,
          confidence: x.location?.confidence ?? null,
          created_at: x.created_at,
        })),
        // A record written by an analysis is the same event as the analysis; only manual records add to the list.
        ...l.locations
          .filter((x) => !x.analysis_id)
          .map((x) => ({
            type: 'location' as const,
            id: x.id,
            name: x.location_name,
            confidence: x.confidence,
            created_at: x.created_at,
          })),
      ];
      return entries.sort((x, y) => y.created_at.localeCompare(x.created_at)).slice(0, RECENT_SHOWN);
    },
  });
}

/** The founder's Database Analytics section (R-DASH-5): database-wide figures, founder-only on the server too. */
export function DatabaseAnalytics() {
  const admin = useAdminStats(true);
  const analysis = useAnalysisStats('all');
  const locations = useLocationStats('all');
  const recent = useRecentEntries();
  const usage = useApiUsageStats('all');
  const images = useImageStats('all');
  const notes = useNotificationStats('all');
  const feedback = useFeedbackStats('all');
  const unread = notes.data?.byReadStatus.find((r) => !r.is_read)?.count;
  const maxBucket = Math.max(1, ...(analysis.data?.byConfidence.map((b) => b.count) ?? [1]));

  return (
    <section aria-labelledby="database-analytics" className="mt-10" data-testid="database-analytics">
      <h2 id="database-analytics" className="text-lg font-semibold">
        Database Analytics
      </h2>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Panel title="User Activity" query={admin}>
          {(a) => (
            <div className="space-y-1">
              <Figure label="Analyses" value={formatCount(a.totalAnalyses)} />
              <Figure label="Locations" value={formatCount(a.totalLocations)} />
              <Figure label="API calls" value={usage.data ? formatCount(usage.data.allTime) : '—'} />
            </div>
          )}
        </Panel>
        <Panel title="Analysis Insights" query={analysis}>
          {(a) => (
            <>
              <Figure label="Total" value={formatCount(a.total)} />
              <ul className="mt-3 space-y-1.5" aria-label="Confidence distribution">
                {a.byConfidence.map((b) => (
                  <li
                    key={b.confidence_range}
                    className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2 text-xs"
                  >
                    <span className="text-muted">{b.confidence_range}</span>
                    <span className="h-2 rounded-full bg-raised" aria-hidden="true">
                      <span
                        className="block h-2 rounded-full bg-accent"
                        style={{ width: `${(b.count / maxBucket) * 100}%` }}
                      />
                    </span>
                    <span className="text-right font-mono tabular-nums">{b.count}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Panel>
        <Panel title="Location Data" query={locations}>
          {(l) => (
            <>
              <Figure label="Unique locations" value={formatCount(l.unique)} />
              {l.topLocations.length ? (
                <CountList items={l.topLocations.map((t) => ({ name: t.location_name, count: t.analysis_count }))} />
              ) : (
                <p className="mt-3 text-muted">No statistics available</p>
              )}
            </>
          )}
        </Panel>
        <Panel title="Image Storage" query={images} loading="Loading image stats...">
          {(i) => (
            <div className="space-y-1">
              <Figure label="Images" value={formatCount(i.total)} />
              <Figure label="Size" value={formatMegabytes(i.sizeStats.total_size)} />
            </div>
          )}
        </Panel>
        <Panel title="Notifications" query={notes} loading="Loading notification stats...">
          {(n) => (
            <div className="space-y-1">
              <Figure label="Total" value={formatCount(n.total)} />
              <Figure label="Unread" value={unread === undefined ? '—' : formatCount(unread)} />
            </div>
          )}
        </Panel>
        <Panel title="User Feedback" query={feedback} loading="Loading feedback stats...">
          {(f) => (
            <div className="space-y-1">
              <Figure label="Ratings" value={formatCount(f.total)} />
              <Figure label="Average" value={f.averageRating === null ? '—' : `${f.averageRating.toFixed(1)} / 5`} />
            </div>
          )}
        </Panel>
      </div>

      <Card className="mt-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-sm font-semibold text-subtle">Recent Activity</h3>
          <div className="flex gap-4 text-sm">
            <Link className="text-accent hover:underline" to="/analysis-history">
              Analysis history
            </Link>
            <Link className="text-accent hover:underline" to="/location-history">
              Location history
            </Link>
          </div>
        </div>
        {recent.isLoading ? (
          <p className="mt-3 text-sm text-muted">Loading recent activity...</p>
        ) : !recent.data?.length ? (
          <p className="mt-3 text-sm text-muted">No recent activity</p>
        ) : (
          <ul className="mt-3 divide-y divide-line text-sm">
            {recent.data.map((e) => (
              <li key={`${e.type}-${e.id}`} className="flex items-center gap-3 py-2">
                <span className="w-16 shrink-0 text-xs tracking-wide text-subtle uppercase">{e.type}</span>
                <span className="min-w-0 flex-1 truncate">{e.name}</span>
                <span className="hidden text-muted sm:inline">{new Date(e.created_at).toLocaleDateString()}</span>
                {e.confidence !== null && <ConfidenceBadge confidence={e.confidence} />}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
