import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ENGINE_VERSION_LABEL, formatCount, type AnalysisRecord } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { ButtonLink } from '../../../components/ui/button';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useSession } from '../../auth';
import { AnnouncementComposer } from '../../announcements';
import { useAdminStats, useRecentAnalyses, useUserStats } from '../api';
import { storeNavigationHint } from '../export';
import { greetingLine } from '../greeting';
import { AnalysisDetailsDialog } from './analysis-details-dialog';
import { DatabaseAnalytics } from './database-analytics';
import { RecentActivity } from './recent-activity';
import { StatCard } from '../../../components/ui/stat-card';

const quickActions = [
  { to: '/access-ai', label: 'Start Analysis', text: 'Upload a photo and locate it.' },
  { to: '/map', label: 'View Map', text: 'Your places on the map.' },
  { to: '/pricing', label: 'Pricing', text: 'Free during the beta.' },
];

/** The dashboard (R-DASH-1). Admin parts show for the founder role the server decided; the server guards them too. */
export function DashboardView() {
  const { user, isLoading } = useSession();

  if (isLoading) return <LoadingScreen label="Loading dashboard..." />;
  if (!user) {
    return (
      <div className="mx-auto max-w-md px-5 py-24 text-center">
        <h1 className="text-2xl font-bold">Access Required</h1>
        <p className="mt-3 text-muted">Sign in to see your dashboard.</p>
        <ButtonLink to="/" className="mt-6">
          Return Home
        </ButtonLink>
      </div>
    );
  }
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: { name: string; email: string; role: string } }) {
  const isAdmin = user.role === 'founder';
  const navigate = useNavigate();
  // Separate queries: the browser sends them at once.
  const stats = useUserStats();
  const recent = useRecentAnalyses();
  const admin = useAdminStats(isAdmin);
  const [selected, setSelected] = useState<AnalysisRecord | null>(null);

  if (stats.isLoading && recent.isLoading) return <LoadingScreen label="Loading dashboard..." />;

  const view = (record: AnalysisRecord) => {
    storeNavigationHint(record);
    void navigate('/map');
  };
  const actions = isAdmin
    ? [...quickActions, { to: '/admin', label: 'Admin Panel', text: 'Users, codes and announcements.' }]
    : quickActions;
  const thisMonth = stats.data?.thisMonth ?? 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-5 py-10 sm:px-8">
      <title>Dashboard · Vision Terminal</title>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{greetingLine(user.name, user.email, new Date())}</h1>
          <p className="mt-1 truncate text-muted">{user.email}</p>
          {isAdmin && (
            <Badge tone="warm" className="mt-3">
              System Admin
            </Badge>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          {isAdmin && (
            <ButtonLink to="/admin" variant="secondary">
              Admin Panel
            </ButtonLink>
          )}
          <ButtonLink to="/access-ai">Launch VT</ButtonLink>
        </div>
      </header>

      {stats.error && (
        <p role="alert" className="mt-6 text-sm text-danger">
          {stats.error.message}
        </p>
      )}
      <div className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard testId="stat-total" label="Total Analyses" value={stats.data?.totalAnalyses} note="All time" />
        <StatCard
          testId="stat-month"
          label="This Month"
          value={stats.data?.thisMonth}
          note={
            thisMonth === 0
              ? 'No activity yet'
              : `${thisMonth === 1 ? '1 analysis' : `${formatCount(thisMonth)} analyses`} this month`
          }
          noteTone={thisMonth === 0 ? 'muted' : 'ok'}
        />
        <StatCard
          testId="stat-engine"
          label="VT Engine"
          value={ENGINE_VERSION_LABEL}
          note="Active & ready"
          noteTone="ok"
        />
      </div>

      {isAdmin && (
        <div className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-cards">
          <StatCard
            label="Total Users"
            value={admin.data?.totalUsers}
            note={
              admin.data
                ? `${formatCount(admin.data.activeUsers)} active now`
                : admin.error
                  ? admin.error.message
                  : 'Loading...'
            }
          />
          <StatCard label="System Status" value="Online" note="API and database answering" noteTone="ok" />
          <StatCard label="DB Analyses" value={admin.data?.totalAnalyses} note="All users" />
        </div>
      )}

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="recent-activity">
          <RecentActivity
            analyses={recent.data?.analyses}
            isLoading={recent.isLoading}
            error={recent.error}
            onDetails={setSelected}
            onView={view}
          />
        </section>
        <section aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="text-lg font-semibold">
            Quick Actions
          </h2>
          <ul className="mt-4 grid gap-3">
            {actions.map((action) => (
              <li key={action.to}>
                <ButtonLink
                  to={action.to}
                  variant="secondary"
                  className="h-auto w-full flex-col items-start gap-1 px-5 py-4 text-left whitespace-normal"
                >
                  <span>{action.label}</span>
                  <span className="text-xs font-normal text-muted">{action.text}</span>
                </ButtonLink>
              </li>
            ))}
          </ul>
        </section>
      </div>

      {isAdmin && <AnnouncementComposer />}
      {isAdmin && <DatabaseAnalytics />}
      <AnalysisDetailsDialog record={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
