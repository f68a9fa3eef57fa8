import { formatCount } from '@vt/shared';
import { Page, PageHeader } from '../../../components/ui/page';
import {
  useAnalysisStats,
  useApiPatterns,
  useApiUsageStats,
  useFeedbackStats,
  useUserStats,
  type Scope,
} from '../../dashboard';
import { ChartCard, Columns, Trend, busiest, shortDay, total } from './charts';
import { Figures } from './figures';
import { StatCard } from '../../../components/ui/stat-card';

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** Charts shared by /analytics (own figures) and /founder-dashboard (everyone's): analyses per day, requests by day and hour. */
export function UsageCharts({ scope }: { scope: Scope }) {
  const analysis = useAnalysisStats(scope);
  const patterns = useApiPatterns(scope, 14);
  const perDay = analysis.data?.perDay.map((d) => ({ label: shortDay(d.day), value: d.count }));
  const byDay = patterns.data?.byDay.map((d) => ({ label: shortDay(d.day), value: d.count }));
  const byHour = patterns.data?.byHour.map((h) => ({ label: hourLabel(h.hour), value: h.count }));
  const confidence = analysis.data?.byConfidence.map((b) => ({ label: b.confidence_range, value: b.count }));
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <ChartCard
        testId="chart-analyses-per-day"
        title="Analyses per day"
        unit="Analyses"
        summary={`${total(perDay)} analyses in the last 30 days, ${busiest(perDay)}`}
        data={perDay}
        query={analysis}
        empty="No analyses in the last 30 days"
      >
        {(d) => <Trend data={d} />}
      </ChartCard>
      <ChartCard
        testId="chart-confidence"
        title="Confidence distribution"
        unit="Analyses"
        summary={`analyses by confidence range, ${busiest(confidence)}`}
        data={confidence}
        query={analysis}
        empty="No analyses yet"
      >
        {(d) => <Columns data={d} color="accent" />}
      </ChartCard>
      <ChartCard
        testId="chart-usage-by-hour"
        title="Usage by hour of day"
        unit="Requests"
        summary={`${total(byHour)} API requests in the last 14 days, ${busiest(byHour)}${patterns.data ? ` (${patterns.data.timeZone})` : ''}`}
        data={byHour}
        query={patterns}
        empty="No requests counted yet"
      >
        {(d) => <Columns data={d} color="warm" />}
      </ChartCard>
      <ChartCard
        testId="chart-requests-per-day"
        title="API requests per day"
        unit="Requests"
        summary={`${total(byDay)} API requests in the last 14 days, ${busiest(byDay)}`}
        data={byDay}
        query={patterns}
        empty="No requests counted yet"
      >
        {(d) => <Columns data={d} color="accent" />}
      </ChartCard>
    </div>
  );
}

/** /analytics: the signed-in user's own usage over time. */
export function AnalyticsView() {
  const user = useUserStats();
  const usage = useApiUsageStats('mine', '24h');
  const feedback = useFeedbackStats('mine', '24h');
  return (
    <Page title="Analytics">
      <PageHeader title="Analytics" lead="Your own usage over time: analyses, places, ratings and API calls." />
      <Figures>
        <StatCard
          small
          testId="analytics-total"
          label="Total analyses"
          value={user.data?.totalAnalyses}
          note="All time"
        />
        <StatCard
          small
          label="This month"
          value={user.data?.thisMonth}
          note={user.data ? `${formatCount(user.data.totalLocations)} places in your history` : undefined}
        />
        <StatCard
          small
          label="API requests, 24 h"
          value={usage.data?.totalRequests}
          note={
            usage.data
              ? `${usage.data.errorRequests} errors · ${usage.data.averageDurationMs ?? '—'} ms average`
              : undefined
          }
        />
        <StatCard
          small
          label="Your ratings"
          value={feedback.data?.total}
          note={
            feedback.data?.averageRating != null
              ? `${feedback.data.averageRating.toFixed(1)} / 5 on average`
              : 'Rate analyses in Analysis History'
          }
        />
      </Figures>
      {(user.error || usage.error) && (
        <p role="alert" className="mt-4 text-sm text-danger">
          Error loading statistics: {(user.error ?? usage.error)!.message}
        </p>
      )}
      <UsageCharts scope="mine" />
    </Page>
  );
}
