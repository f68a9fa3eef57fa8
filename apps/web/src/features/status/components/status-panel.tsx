import { useQuery } from '@tanstack/react-query';
import { HealthSchema } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { apiGet } from '../../../lib/api-client';
import { formatUptime, HEALTH_REFRESH_MS } from '../uptime';

function Item({ label, value, tone }: { label: string; value: React.ReactNode; tone?: 'ok' | 'warm' | 'danger' }) {
  const color =
    tone === 'ok' ? 'text-ok' : tone === 'warm' ? 'text-warm' : tone === 'danger' ? 'text-danger' : 'text-fg';
  return (
    <div className="rounded-lg border border-line bg-raised/50 p-4">
      <dt className="text-xs font-medium tracking-wide text-subtle uppercase">{label}</dt>
      <dd className={`mt-1.5 text-lg font-semibold ${color}`}>{value}</dd>
    </div>
  );
}

/** Live service status from GET /api/health, asked again every 15 s. */
export function StatusPanel() {
  const query = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => apiGet('/api/health', HealthSchema, { signal, reportAuthErrors: false }),
    refetchInterval: HEALTH_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const health = query.data;
  const checkedAt = query.dataUpdatedAt || query.errorUpdatedAt;

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Service</h2>
        {query.isPending ? (
          <Badge>Checking...</Badge>
        ) : query.isError && !health ? (
          <Badge tone="danger">Unreachable</Badge>
        ) : health?.status === 'ok' ? (
          <Badge tone="ok">All systems operational</Badge>
        ) : (
          <Badge tone="warm">Degraded</Badge>
        )}
      </div>

      {query.isError && (
        <p role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          Status unavailable: {query.error.message}
        </p>
      )}

      {health && (
        <dl className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Item
            label="API"
            value={health.status === 'ok' ? 'Online' : 'Degraded'}
            tone={health.status === 'ok' ? 'ok' : 'warm'}
          />
          <Item
            label="Database"
            value={health.database.reachable ? 'Reachable' : 'Unreachable'}
            tone={health.database.reachable ? 'ok' : 'danger'}
          />
          <Item
            label="Database latency"
            value={
              <span className="font-mono">
                {health.database.latencyMs === null ? '—' : `${health.database.latencyMs.toFixed(1)} ms`}
              </span>
            }
          />
          <Item
            label="Database engine"
            value={health.database.kind === 'pglite' ? 'Embedded PostgreSQL' : 'PostgreSQL server'}
          />
          <Item
            label="Live updates between servers"
            value={
              health.pubsub.connected
                ? { memory: 'One process', postgres: 'PostgreSQL, connected', redis: 'Redis, connected' }[
                    health.pubsub.kind
                  ]
                : `${health.pubsub.kind === 'redis' ? 'Redis' : 'PostgreSQL'} unreachable`
            }
            tone={health.pubsub.connected ? 'ok' : 'warm'}
          />
          <Item label="Sign-in provider" value={health.auth.provider === 'local' ? 'Built-in local' : 'External'} />
          <Item label="Uptime" value={formatUptime(health.uptimeSeconds)} />
          <Item label="Version" value={<span className="font-mono">{health.version}</span>} />
        </dl>
      )}

      <p className="mt-5 text-xs text-subtle" aria-live="polite">
        {checkedAt ? `Last checked ${new Date(checkedAt).toLocaleTimeString()}. ` : ''}Refreshes every{' '}
        {HEALTH_REFRESH_MS / 1000} seconds.
      </p>
    </Card>
  );
}
