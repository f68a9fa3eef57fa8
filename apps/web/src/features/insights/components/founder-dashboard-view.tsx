import { Page, PageHeader } from '../../../components/ui/page';
import {
  DatabaseAnalytics,
  useAdminStats,
  useApiUsageStats,
  usePopularLocations,
  useSessionStats,
} from '../../dashboard';
import { UsageCharts } from './analytics-view';
import { ChartCard, Ranking, busiest } from './charts';
import { Figures } from './figures';
import { StatCard } from '../../../components/ui/stat-card';
import { FounderOnly } from './founder-only';

function FounderDashboard() {
  const admin = useAdminStats(true);
  const usage = useApiUsageStats('all', '24h');
  const sessions = useSessionStats('all', '24h');
  const popular = usePopularLocations('all', 10);
  const places = popular.data?.map((p) => ({ label: p.location_name, value: p.analysis_count }));
  return (
    <>
      <Figures>
        <StatCard
          small
          testId="founder-users"
          label="Users"
          value={admin.data?.totalUsers}
          note={
            admin.data ? `${admin.data.activeUsers} active now · ${admin.data.activeToday} today` : admin.error?.message
          }
        />
        <StatCard small label="Analyses" value={admin.data?.totalAnalyses} note="All users, all time" />
        <StatCard
          small
          label="API requests, 24 h"
          value={usage.data?.totalRequests}
          note={
            usage.data
              ? `p95 ${usage.data.p95DurationMs ?? '—'} ms · ${usage.data.errorRequests} errors`
              : usage.error?.message
          }
        />
        <StatCard
          small
          label="Sessions"
          value={sessions.data?.activeSessions}
          note={sessions.data ? `${sessions.data.signInsInTimeframe} sign-ins in 24 h` : sessions.error?.message}
        />
      </Figures>
      <UsageCharts scope="all" />
      <div className="mt-4">
        <ChartCard
          testId="chart-top-places"
          title="Top places"
          unit="Analyses"
          summary={`the ${places?.length ?? 0} most analysed places, ${busiest(places)}`}
          data={places}
          query={popular}
          empty="No places yet"
        >
          {(d) => <Ranking data={d} />}
        </ChartCard>
      </div>
      <DatabaseAnalytics />
    </>
  );
}

/** /founder-dashboard: service-wide figures and charts for the founder (R-DASH-5). */
export function FounderDashboardView() {
  return (
    <Page title="Founder Dashboard">
      <PageHeader
        eyebrow="System admin"
        title="Founder Dashboard"
        lead="Service-wide figures: users, analyses, places, requests and storage."
      />
      <FounderOnly title="The Founder Dashboard">
        <FounderDashboard />
      </FounderOnly>
    </Page>
  );
}
