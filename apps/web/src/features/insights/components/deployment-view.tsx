import { Card } from '../../../components/ui/card';
import { Page, PageHeader } from '../../../components/ui/page';
import { QueryState } from '../../../components/ui/query-state';
import { useSession } from '../../auth';
import { useDeployment, useHealth } from '../api';

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
function uptime(seconds: number) {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d ? `${d} d ${h} h` : h ? `${h} h ${m} min` : `${m} min`;
}

function Facts({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="mt-3 grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-subtle">{k}</dt>
          <dd className="font-mono break-all">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /railway: what is deployed and whether it is healthy, read from the running server. */
export function DeploymentView() {
  const { user } = useSession();
  const isFounder = user?.role === 'founder';
  const health = useHealth();
  const deployment = useDeployment(isFounder);
  return (
    <Page title="Deployment">
      <PageHeader title="Deployment" lead="The running server: version, health and how it is set up." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 md:grid-cols-2">
        <Card data-testid="health-facts">
          <h2 className="font-semibold">Health</h2>
          <QueryState query={health} loading="Loading health..." className="mt-2">
            {(h) => (
              <Facts
                rows={[
                  ['Status', h.status === 'ok' ? 'OK' : 'Degraded'],
                  ['Version', h.version],
                  ['Uptime', uptime(h.uptimeSeconds)],
                  [
                    'Database',
                    `${h.database.kind === 'pglite' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL'}, ${h.database.reachable ? `${h.database.latencyMs} ms` : 'unreachable'}`,
                  ],
                  ['Sign-in', h.auth.provider === 'local' ? 'Built-in local provider' : 'External OIDC provider'],
                  ['Checked', new Date(h.time).toLocaleString()],
                ]}
              />
            )}
          </QueryState>
        </Card>
        <Card data-testid="deployment-facts">
          <h2 className="font-semibold">Runtime</h2>
          {!isFounder ? (
            <p className="mt-2 text-sm text-muted">Runtime details are for the system administrator.</p>
          ) : (
            <QueryState query={deployment} loading="Loading deployment..." className="mt-2">
              {(d) => (
                <Facts
                  rows={[
                    ['Environment', d.environment],
                    ['Node.js', `${d.nodeVersion} (${d.platform})`],
                    ['Started', new Date(d.startedAt).toLocaleString()],
                    ['Memory', `${mb(d.memory.rssBytes)} resident, ${mb(d.memory.heapUsedBytes)} heap`],
                    ['Public URL', d.publicUrl],
                    ['Migrations', String(d.migrations)],
                    ['Photo storage', d.storage === 's3' ? 'S3-compatible bucket' : 'Local disk'],
                    ['Messages', d.pubsub],
                    [
                      'Analysis worker',
                      d.analysisWorker ? `in this process, ${d.analysisConcurrency} at once` : 'separate process',
                    ],
                    ['Behind a proxy', d.trustProxy ? 'yes (X-Forwarded-* trusted)' : 'no'],
                  ]}
                />
              )}
            </QueryState>
          )}
        </Card>
      </div>
    </Page>
  );
}
