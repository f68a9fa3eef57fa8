import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Page, PageHeader } from '../../../components/ui/page';
import { QueryState } from '../../../components/ui/query-state';
import { Table } from '../../../components/ui/table';
import { useApiUsageStats } from '../../dashboard';
import { useConsoleAccess } from '../api';

/** /dev-tools: the API reference and the caller's console access level (read-only; codes are redeemed on the map screen). */
export function DevToolsView() {
  const consoleAccess = useConsoleAccess();
  const usage = useApiUsageStats('mine', '24h');
  return (
    <Page title="Developer Tools">
      <PageHeader title="Developer Tools" lead="The API behind the app, and what your console access allows." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 md:grid-cols-2">
        <Card>
          <h2 className="font-semibold">API reference</h2>
          <p className="mt-2 text-sm text-muted">
            Every call the app makes, with parameters, defaults and response fields, generated from the same contracts
            the server validates with.
          </p>
          <div className="mt-4 flex flex-wrap gap-4 text-sm">
            <Link to="/api-reference" className="text-accent hover:underline">
              Open the API reference
            </Link>
            <a href="/api/openapi.json" className="text-accent hover:underline">
              openapi.json
            </a>
          </div>
        </Card>
        <Card data-testid="console-access">
          <h2 className="font-semibold">Console access</h2>
          <QueryState query={consoleAccess} loading="Loading console access..." className="mt-2">
            {(c) =>
              c.hasConsoleAccess ? (
                <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-y-1.5 text-sm">
                  <dt className="text-subtle">Level</dt>
                  <dd className="font-mono">
                    {c.level} {c.name ? `· ${c.name}` : ''}
                  </dd>
                  <dt className="text-subtle">Debug output</dt>
                  <dd>{c.hasFullAccess ? 'Shown' : 'Hidden (levels 100 and 90 only)'}</dd>
                  <dt className="text-subtle">Expires</dt>
                  <dd>{c.expiresAt ? `${new Date(c.expiresAt).toLocaleDateString()} (${c.timeRemaining})` : '—'}</dd>
                </dl>
              ) : (
                <p className="mt-2 text-sm text-muted">
                  No console access. A console code from the administrator grants a level (100 to 40).
                </p>
              )
            }
          </QueryState>
        </Card>
        <Card className="md:col-span-2">
          <h2 className="font-semibold">Your API calls, last 24 hours</h2>
          <QueryState query={usage} loading="Loading API usage..." className="mt-2">
            {(u) =>
              !u.byEndpoint.length ? (
                <p className="mt-2 text-sm text-muted">No calls counted yet</p>
              ) : (
                <Table
                  className="mt-3"
                  columns={[
                    { label: 'Endpoint' },
                    { label: 'Calls', numeric: true },
                    { label: 'Errors', numeric: true },
                    { label: 'Avg ms', numeric: true },
                  ]}
                >
                  {u.byEndpoint.slice(0, 15).map((e) => (
                    <tr key={`${e.method} ${e.endpoint}`}>
                      <td className="py-2 pr-4 font-mono text-xs break-all">
                        <span className="text-subtle">{e.method}</span> {e.endpoint}
                      </td>
                      <td className="py-2 pr-4 text-right font-mono tabular-nums">{e.count}</td>
                      <td className="py-2 pr-4 text-right font-mono tabular-nums">{e.errors}</td>
                      <td className="py-2 text-right font-mono tabular-nums">{e.average_ms}</td>
                    </tr>
                  ))}
                </Table>
              )
            }
          </QueryState>
        </Card>
      </div>
    </Page>
  );
}
