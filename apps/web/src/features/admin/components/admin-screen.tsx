import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ACCESS_TIER_DEFINITIONS, ACCESS_TIERS, CONSOLE_LEVELS, LIMITS, type AccessTier, type User } from '@vt/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table } from '../../../components/ui/table';
import { Card } from '../../../components/ui/card';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { AnnouncementComposer } from '../../announcements';
import { DesktopNotificationsToggle, NotificationsList } from '../../user-notifications';
import {
  useAccessCodes,
  useActivityLog,
  useActivityStats,
  useAdminUsers,
  useCreateAccessCode,
  useInactiveCleanup,
  useSetAccessCodeActive,
} from '../api';
import { generateAccessCode, sinceText } from '../format';

const field =
  'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none';

const errorText = (error: unknown): string | null => (error ? errorMessage(error) : null);

function Section({
  title,
  lead,
  children,
  testId,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="p-5" data-testid={testId}>
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      {lead && <p className="mt-1 text-sm text-muted">{lead}</p>}
      <div className="mt-4">{children}</div>
    </Card>
  );
}

/**
 * The system administrator's panel (R-ADMIN-1, R-ADMIN-2, R-ADMIN-3): who uses the product, access codes,
 * the announcement banner, activity and inactive-user cleanup. Every figure and action is checked on the server;
 * admin-code holders see the users and activity, and only the founder role manages codes, banners and deletions.
 */
export function AdminScreen({ user }: { user: User }) {
  const users = useAdminUsers();
  const allowed = users.isSuccess;
  const founder = user.role === 'founder';
  if (users.isPending) return <p className="text-sm text-muted">Loading users...</p>;
  if (users.isError) {
    const forbidden = users.error instanceof ApiRequestError && users.error.status === 403;
    return (
      <Card className="p-6" data-testid="admin-forbidden">
        <p className="text-fg" role="alert">
          {forbidden
            ? 'The admin panel is for the system administrator. Holders of the founder or admin access code can open it too.'
            : `The admin panel could not load. ${errorText(users.error) ?? ''}`}
        </p>
      </Card>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <StatsSection enabled={allowed} />
      <Section
        title="Users"
        lead={`${users.data.total} in total; online now means active in the last 30 minutes.`}
        testId="admin-users"
      >
        <UsersTable rows={users.data.users} />
      </Section>
      {founder && <AccessCodesSection />}
      {founder && <AnnouncementComposer />}
      <Section
        title="Your notifications"
        lead="New sign-ups and other news, newest first (50 kept)."
        testId="admin-notifications"
      >
        <DesktopNotificationsToggle />
        <NotificationsList />
      </Section>
      <ActivitySection enabled={allowed} />
      {founder && <CleanupSection />}
    </div>
  );
}

function StatsSection({ enabled }: { enabled: boolean }) {
  const stats = useActivityStats(enabled);
  const s = stats.data?.stats;
  const cards: Array<[string, string, number | undefined]> = [
    ['totalUsers', 'Users', s?.totalUsers],
    ['newToday', 'New today', s?.newToday],
    ['activeToday', 'Active today', s?.activeToday],
    ['activeNow', 'Online now', s?.activeNow],
    ['totalAnalyses', 'Analyses', s?.totalAnalyses],
    ['totalLogins', 'Sign-ins', s?.totalLogins],
    ['verifiedUsers', 'Verified e-mails', s?.verifiedUsers],
  ];
  return (
    <section aria-label="Activity statistics" data-testid="admin-stats">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {cards.map(([key, label, value]) => (
          <Card key={key} className="p-4">
            <p className="text-xs text-muted">{label}</p>
            <p className="mt-1 text-2xl font-semibold text-fg tabular-nums" data-testid={`stat-${key}`}>
              {value ?? '—'}
            </p>
          </Card>
        ))}
      </div>
      {s && Object.keys(s.providers).length > 0 && (
        <p className="mt-3 text-sm text-muted" data-testid="stat-providers">
          Sign-in providers:{' '}
          {Object.entries(s.providers)
            .sort((a, b) => b[1] - a[1])
            .map(([p, n]) => `${p} ${n}`)
            .join(' · ')}
        </p>
      )}
      {stats.isError && <p className="mt-3 text-sm text-danger">{errorText(stats.error)}</p>}
    </section>
  );
}

function UsersTable({ rows }: { rows: NonNullable<ReturnType<typeof useAdminUsers>['data']>['users'] }) {
  return (
    <Table
      className="-mx-5 px-5"
      tableClassName="min-w-[44rem]"
      columns={[
        { label: 'User' },
        { label: 'Role' },
        { label: 'Sign-ins', numeric: true },
        { label: 'Analyses', numeric: true },
        { label: 'Last active' },
        { label: 'Status' },
      ]}
    >
      {rows.map((u) => (
        <tr key={u.id} data-testid="admin-user-row" data-email={u.email}>
          <td className="py-2 pr-4">
            <p className="font-medium text-fg">{u.name}</p>
            <p className="text-xs text-muted">
              {u.email} · {u.provider}
              {u.emailVerified ? ' · verified' : ''}
            </p>
          </td>
          <td className="py-2 pr-4">
            <Badge tone={u.role === 'founder' ? 'warm' : 'neutral'}>{u.role === 'founder' ? 'Founder' : 'User'}</Badge>
            {u.isSystem && <span className="ml-1 text-xs text-subtle">seeded</span>}
          </td>
          <td className="py-2 pr-4 text-right tabular-nums">{u.loginCount}</td>
          <td className="py-2 pr-4 text-right tabular-nums">{u.analysisCount}</td>
          <td className="py-2 pr-4 text-muted" title={new Date(u.lastActive).toLocaleString()}>
            {u.loginCount > 0 ? sinceText(u.lastActive) : 'never signed in'}
          </td>
          <td className="py-2" data-testid="admin-user-status">
            {u.isOnline ? (
              <Badge tone="ok">Online{u.currentPage ? ` · ${u.currentPage}` : ''}</Badge>
            ) : (
              <span className="text-xs text-subtle">Offline</span>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}

function AccessCodesSection() {
  const codes = useAccessCodes(true);
  const create = useCreateAccessCode();
  const setActive = useSetAccessCodeActive();
  const [kind, setKind] = useState<'limits' | 'console'>('limits');
  const [tier, setTier] = useState<AccessTier>('beta');
  const [level, setLevel] = useState<number>(60);
  const [code, setCode] = useState(generateAccessCode);
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const ids = { kind: useId(), tier: useId(), code: useId(), label: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body =
      kind === 'limits'
        ? { kind, tier, code, label: label || undefined }
        : { kind, level, code, label: label || undefined };
    create.mutate(body, {
      onSuccess: () => {
        // The only time the code is visible: the server keeps a hash and sends back a two-character hint.
        setShown(code);
        setCode(generateAccessCode());
        setLabel('');
      },
    });
  };

  return (
    <Section
      title="Access codes"
      lead="Codes are stored hashed: copy a new code now, it is never shown again. Disabled codes can no longer be redeemed."
      testId="admin-codes"
    >
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Create access code">
        <label className="text-sm text-muted" htmlFor={ids.kind}>
          Kind
          <select
            id={ids.kind}
            className={field}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'limits' | 'console')}
          >
            <option value="limits">Image limits</option>
            <option value="console">Console access</option>
          </select>
        </label>
        {kind === 'limits' ? (
          <label className="text-sm text-muted" htmlFor={ids.tier}>
            Tier
            <select
              id={ids.tier}
              className={field}
              value={tier}
              onChange={(e) => setTier(e.target.value as AccessTier)}
            >
              {ACCESS_TIERS.map((t) => {
                const d = ACCESS_TIER_DEFINITIONS[t];
                const n = (v: number | null) => (v === null ? 'unlimited' : v);
                return (
                  <option key={t} value={t}>
                    {d.name} — {n(d.weeklyImageLimit)}/week, {d.duration} days
                  </option>
                );
              })}
            </select>
          </label>
        ) : (
          <label className="text-sm text-muted" htmlFor={ids.tier}>
            Level
            <select id={ids.tier} className={field} value={level} onChange={(e) => setLevel(Number(e.target.value))}>
              {CONSOLE_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l} {l >= 90 ? '(console output)' : '(silenced console)'}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="text-sm text-muted">
          <label htmlFor={ids.code}>Code</label>
          <span className="flex gap-2">
            <input
              id={ids.code}
              className={`${field} font-mono uppercase`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              minLength={6}
              required
              autoComplete="off"
              spellCheck={false}
            />
            <Button
              variant="ghost"
              size="sm"
              className="mt-1"
              onClick={() => setCode(generateAccessCode())}
              aria-label="New random code"
            >
              ↻
            </Button>
          </span>
        </div>
        <label className="text-sm text-muted" htmlFor={ids.label}>
          Note (optional)
          <input
            id={ids.label}
            className={field}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={200}
          />
        </label>
        <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create code'}
          </Button>
          {create.isError && (
            <p className="text-sm text-danger" role="alert">
              {errorText(create.error)}
            </p>
          )}
        </div>
      </form>
      {shown && (
        <p
          className="mt-3 rounded-lg border border-ok/40 bg-ok/10 p-3 text-sm text-fg"
          role="status"
          data-testid="created-code"
        >
          Created <code className="font-mono font-semibold select-all">{shown.trim().toUpperCase()}</code> — copy it
          now; it will not be shown again.
        </p>
      )}
      <div className="mt-5">
        <Table
          className="-mx-5 px-5"
          tableClassName="min-w-[36rem]"
          columns={[
            { label: 'Code' },
            { label: 'Grants' },
            { label: 'Redeemed', numeric: true },
            { label: 'Source' },
            { label: null },
          ]}
        >
          {codes.data?.codes.map((c) => (
            <tr key={c.id} data-testid="admin-code-row" className={c.active ? '' : 'opacity-60'}>
              <td className="py-2 pr-4 font-mono text-muted">{c.hint}</td>
              <td className="py-2 pr-4 text-fg">
                {c.kind === 'limits' && c.tier ? ACCESS_TIER_DEFINITIONS[c.tier].name : `Console level ${c.level}`}
                {c.label && <span className="block text-xs text-muted">{c.label}</span>}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{c.redemptions}</td>
              <td className="py-2 pr-4 text-muted">{c.source === 'config' ? 'config file' : 'admin panel'}</td>
              <td className="py-2 text-right">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={setActive.isPending}
                  onClick={() => setActive.mutate({ id: c.id, active: !c.active })}
                >
                  {c.active ? 'Disable' : 'Enable'}
                </Button>
              </td>
            </tr>
          ))}
        </Table>
        {codes.data?.codes.length === 0 && <p className="py-3 text-sm text-muted">No codes yet.</p>}
        {codes.isError && <p className="py-3 text-sm text-danger">{errorText(codes.error)}</p>}
      </div>
    </Section>
  );
}

function ActivitySection({ enabled }: { enabled: boolean }) {
  const log = useActivityLog(enabled);
  return (
    <Section title="Recent activity" lead={`The newest ${LIMITS.activityLogMax} events.`} testId="admin-activity">
      {log.isPending ? (
        <p className="text-sm text-muted">Loading recent activity...</p>
      ) : log.isError ? (
        <p className="text-sm text-danger">{errorText(log.error)}</p>
      ) : log.data.entries.length === 0 ? (
        <p className="text-sm text-muted">No recent activity</p>
      ) : (
        <ol className="max-h-96 divide-y divide-line overflow-y-auto text-sm">
          {log.data.entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 py-1.5">
              <span className="w-20 shrink-0 text-xs text-subtle">{sinceText(e.timestamp)}</span>
              <span className="font-medium text-fg">{e.action ?? e.type}</span>
              <span className="text-muted">{e.userName ?? e.userEmail}</span>
              {e.page && <span className="font-mono text-xs text-subtle">{e.page}</span>}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function CleanupSection() {
  const cleanup = useInactiveCleanup();
  const [days, setDays] = useState<number>(LIMITS.inactiveCleanupDays);
  const id = useId();
  const dry = cleanup.data?.dryRun ? cleanup.data : null;
  const done = cleanup.data && !cleanup.data.dryRun ? cleanup.data : null;
  return (
    <Section
      title="Inactive users"
      lead="Removes users (and all their data) with no activity and no sign-up in the chosen number of days. Founders and seeded accounts are never removed."
      testId="admin-cleanup"
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-muted" htmlFor={id}>
          Inactive for at least (days)
          <input
            id={id}
            type="number"
            min={1}
            max={3650}
            className={`${field} w-32`}
            value={days}
            onChange={(e) => {
              setDays(Number(e.target.value));
              cleanup.reset();
            }}
          />
        </label>
        <Button
          variant="secondary"
          disabled={cleanup.isPending || !(days >= 1)}
          onClick={() => cleanup.mutate({ days, dryRun: true })}
        >
          Count inactive users
        </Button>
        {dry && dry.count > 0 && (
          <Button
            variant="warm"
            disabled={cleanup.isPending}
            onClick={() => {
              if (
                window.confirm(
                  `Delete ${dry.count} inactive user${dry.count === 1 ? '' : 's'} and all their data? This cannot be undone.`,
                )
              )
                cleanup.mutate({ days, dryRun: false, confirmCount: dry.count });
            }}
          >
            Delete {dry.count} user{dry.count === 1 ? '' : 's'}
          </Button>
        )}
      </div>
      <div role="status" className="mt-3 text-sm" data-testid="cleanup-result">
        {dry && (
          <p className="text-fg">
            {dry.count === 0
              ? `No users have been inactive since ${new Date(dry.cutoff).toLocaleDateString()}.`
              : `${dry.count} user${dry.count === 1 ? ' has' : 's have'} been inactive since ${new Date(dry.cutoff).toLocaleDateString()}.`}
          </p>
        )}
        {done && (
          <p className="text-ok">
            Removed {done.deleted} inactive user{done.deleted === 1 ? '' : 's'}.
          </p>
        )}
        {cleanup.isError && <p className="text-danger">{errorText(cleanup.error)}</p>}
      </div>
    </Section>
  );
}
