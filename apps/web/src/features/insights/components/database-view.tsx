import { formatCount, formatMegabytes } from '@vt/shared';
import { Card } from '../../../components/ui/card';
import { Page, PageHeader } from '../../../components/ui/page';
import { Table } from '../../../components/ui/table';
import { useSession } from '../../auth';
import {
  useAdminStats,
  useAnalysisStats,
  useApiUsageStats,
  useCategoryStats,
  useFeedbackStats,
  useImageStats,
  useLocationStats,
  useNotificationStats,
  useSessionStats,
  type Scope,
} from '../../dashboard';

/**
 * The database statistics panel (R-DASH-6): one table of what the database holds, with the spec's loading,
 * error and empty states. The founder sees the whole database; everyone else their own rows.
 */
export function DatabaseStatisticsPanel({ scope }: { scope: Scope }) {
  const admin = useAdminStats(scope === 'all');
  const analyses = useAnalysisStats(scope);
  const locations = useLocationStats(scope);
  const images = useImageStats(scope);
  const notes = useNotificationStats(scope);
  const feedback = useFeedbackStats(scope);
  const categories = useCategoryStats(scope);
  const sessions = useSessionStats(scope);
  const usage = useApiUsageStats(scope);
  const queries = [
    analyses,
    locations,
    images,
    notes,
    feedback,
    categories,
    sessions,
    usage,
    ...(scope === 'all' ? [admin] : []),
  ];
  const failed = queries.find((q) => q.error)?.error;
  const loading = queries.some((q) => q.isLoading);

  let body;
  if (failed) {
    body = (
      <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
        Error loading statistics: {failed.message}
      </p>
    );
  } else if (loading) {
    body = <p className="text-sm text-muted">Loading database statistics...</p>;
  } else {
    const rows: Array<[string, string, string]> = [
      ...(scope === 'all' && admin.data
        ? [
            ['Users', formatCount(admin.data.totalUsers), `${admin.data.activeUsers} active now`] as [
              string,
              string,
              string,
            ],
          ]
        : []),
      [
        'Analyses',
        formatCount(analyses.data!.total),
        `${analyses.data!.thisMonth} this month · ${analyses.data!.today} today`,
      ],
      ['Location records', formatCount(locations.data!.total), `${locations.data!.unique} unique places`],
      ['Images', formatCount(images.data!.total), formatMegabytes(images.data!.sizeStats.total_size)],
      ['Notifications', formatCount(notes.data!.total), `${notes.data!.recent} in the last 24 h`],
      [
        'Feedback ratings',
        formatCount(feedback.data!.total),
        feedback.data!.averageRating === null ? 'no ratings' : `${feedback.data!.averageRating.toFixed(1)} / 5 average`,
      ],
      [
        'Category labels',
        formatCount(categories.data!.total),
        `${categories.data!.categorisedAnalyses} analyses categorised`,
      ],
      [
        'Active sessions',
        formatCount(sessions.data!.activeSessions),
        `${sessions.data!.signInsInTimeframe} sign-ins in 24 h`,
      ],
      ['API requests', formatCount(usage.data!.allTime), `${usage.data!.totalRequests} in the last 24 h`],
    ];
    // Requests and sessions exist as soon as someone signs in; without stored data there is nothing to show.
    const empty =
      analyses.data!.total +
        locations.data!.total +
        images.data!.total +
        feedback.data!.total +
        categories.data!.total ===
      0;
    body = empty ? (
      <p className="text-sm text-muted">No statistics available</p>
    ) : (
      <Table
        caption="Database statistics"
        columns={[
          { label: 'Table' },
          { label: 'Rows', numeric: true },
          { label: 'Detail', className: 'hidden sm:table-cell' },
        ]}
      >
        {rows.map(([name, value, detail]) => (
          <tr key={name}>
            <th scope="row" className="py-2.5 pr-4 text-left font-normal">
              {name}
              <span className="block text-xs text-subtle sm:hidden">{detail}</span>
            </th>
            <td className="py-2.5 pr-4 text-right font-mono tabular-nums">{value}</td>
            <td className="hidden py-2.5 text-muted sm:table-cell">{detail}</td>
          </tr>
        ))}
      </Table>
    );
  }
  return (
    <Card className="p-5" data-testid="database-statistics">
      <h2 className="mb-3 text-sm font-semibold text-subtle">{scope === 'all' ? 'Whole database' : 'Your rows'}</h2>
      {body}
    </Card>
  );
}

/** /database */
export function DatabaseView() {
  const { user } = useSession();
  const scope: Scope = user?.role === 'founder' ? 'all' : 'mine';
  return (
    <Page title="Database">
      <PageHeader
        title="Database"
        lead={
          scope === 'all'
            ? 'What the database holds, across every user.'
            : 'What the database holds about you. Export or delete it in Settings.'
        }
      />
      <DatabaseStatisticsPanel scope={scope} />
    </Page>
  );
}
