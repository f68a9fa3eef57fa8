import { useState } from 'react';
import { LIMITS, type LocationIndexItem } from '@vt/shared';
import { formatConfidence } from '../../analysis';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import {
  displayStatus,
  distanceFromDowntown,
  indexCsv,
  indexExport,
  indexGeoJson,
  STATUS_WORD,
  formatProcessingTime,
  NAME_LIMIT,
  statusBadge,
  truncateName,
  visibleItems,
} from '../geo';
import type { useIndexChecks } from '../index-api';
import { SAMPLE_LOCATIONS, useIndexMutations, type CheckAction, type CheckMessage } from '../index-api';
import { CompareDialog } from './compare-dialog';
import { downloadJson, downloadText } from '../../../lib/download';

type CardView = 'overview' | 'details' | 'extra';

const badgeTone: Record<LocationIndexItem['status'], string> = {
  idle: 'bg-raised text-muted border-line',
  verifying: 'bg-raised text-accent border-accent/50 animate-pulse',
  reevaluating: 'bg-raised text-accent border-accent/50 animate-pulse',
  verified: 'bg-ok/15 text-ok border-ok/50',
  reevaluated: 'bg-accent/15 text-accent border-accent/50',
  error: 'bg-danger/15 text-danger border-danger/50',
};

/** What the list says of a place beside its coordinates: its confidence when located, otherwise why not. */
function standingText(item: LocationIndexItem): string {
  if (item.standing === 'not_located') return 'Not located';
  if (item.standing === 'outside') return 'Outside Miami-Dade';
  return formatConfidence(item.confidence);
}

const messageTone: Record<CheckMessage['tone'], string> = {
  ok: 'text-ok',
  warn: 'text-warm',
  error: 'text-danger',
};

export function StatusBadge({ status, position }: { status: LocationIndexItem['status']; position: number }) {
  return (
    <span
      data-testid="status-badge"
      data-status={status}
      title={STATUS_WORD[status]}
      className={cx(
        'inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full border px-1.5 font-mono text-[11px] font-semibold transition-colors duration-300',
        badgeTone[status],
      )}
    >
      {statusBadge(status, position)}
    </span>
  );
}

/** The per-item actions are smaller than the app's buttons: 20 items with three each must stay scannable. */
const action =
  'inline-flex h-7 items-center rounded-md border border-line bg-raised px-2.5 text-xs font-semibold text-fg transition-colors duration-150 hover:border-accent/60 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The Location Index sidebar (spec 2 §2): server-side, at most 20 per user, newest first. Collapsed it shows the
 * first 5; expanded, every item gets a checkbox (Compare Selected for two or more) and Verify, RE, Remove.
 */
export function IndexSidebar({
  items,
  loading,
  expanded,
  closing = false,
  checks,
  onExpandedChange,
  onClose,
  onNavigate,
}: {
  items: readonly LocationIndexItem[];
  loading: boolean;
  expanded: boolean;
  /** True while the close animation plays (the parent unmounts it afterwards). */
  closing?: boolean;
  /** Verify/Reevaluate state, shared with the popup's Analyze further. */
  checks: ReturnType<typeof useIndexChecks>;
  onExpandedChange: (expanded: boolean) => void;
  onClose: () => void;
  onNavigate: (item: LocationIndexItem) => void;
}) {
  const { add, remove, clear } = useIndexMutations();
  const [open, setOpen] = useState<{ id: string; view: CardView } | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [comparing, setComparing] = useState(false);
  const { shown, more } = visibleItems(items, expanded);
  const limit = expanded ? NAME_LIMIT.expanded : NAME_LIMIT.collapsed;
  // Items that left the index (removed here or elsewhere) drop out of the selection.
  const selected = items.filter((i) => picked.has(i.id));

  const confirmClear = () => {
    if (window.confirm(`Clear all ${items.length} locations from index?`)) {
      clear.mutate();
      setPicked(new Set());
    }
  };
  const confirmRemove = (id: string) => {
    if (window.confirm('Remove this location from index?')) {
      remove.mutate(id);
      if (open?.id === id) setOpen(null);
    }
  };
  const toggle = (id: string) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const run = (id: string, action: CheckAction) => void checks.run(id, action);

  return (
    <aside
      aria-label="Location Index"
      data-testid="index-sidebar"
      data-expanded={expanded}
      className={cx(
        'flex max-h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface/95 shadow-2xl backdrop-blur',
        'transition-[width] duration-300 ease-out',
        closing ? 'vt-slide-out' : 'vt-slide-in',
        expanded ? 'w-full sm:w-[30rem]' : 'w-full sm:w-80',
      )}
    >
      <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <div>
          <h2 className="text-sm font-semibold">Location Index</h2>
          <p className="text-xs text-muted" data-testid="index-count">
            {items.length} of {LIMITS.locationIndexMax} locations
          </p>
        </div>
        <div className="flex items-center gap-1">
          {items.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => onExpandedChange(!expanded)}>
              {expanded ? 'Collapse Index' : 'Full Index'}
            </Button>
          )}
          <button
            type="button"
            aria-label="Close the index"
            onClick={onClose}
            className="rounded-md px-2 py-1 text-lg text-muted hover:bg-raised hover:text-fg"
          >
            ×
          </button>
        </div>
      </header>

      {expanded && items.length > 0 && (
        <div className="vt-fade-in flex items-center justify-between gap-2 border-b border-line px-4 py-2">
          <p className="text-xs text-muted" data-testid="selected-count">
            {selected.length} selected
          </p>
          <button
            type="button"
            className={action}
            disabled={selected.length < 2}
            title={selected.length < 2 ? 'Select two or more locations to compare' : undefined}
            onClick={() => setComparing(true)}
          >
            Compare Selected
          </button>
        </div>
      )}

      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {loading ? (
          <p className="px-1 text-sm text-muted">Loading…</p>
        ) : items.length === 0 ? (
          <div className="px-1 py-4 text-center" data-testid="index-empty">
            <p className="text-sm font-semibold">No locations yet</p>
            <p className="mt-1 text-xs text-muted">Analyse a photo, or add a sample to try the index.</p>
            <div className="mt-4 flex flex-col gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={add.isPending}
                onClick={() => add.mutate(SAMPLE_LOCATIONS.slice(0, 1))}
              >
                Add Sample Location
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={add.isPending}
                onClick={() => add.mutate(SAMPLE_LOCATIONS)}
              >
                Add Multiple (Demo)
              </Button>
            </div>
          </div>
        ) : (
          <ol className="space-y-1.5" data-testid="index-items">
            {shown.map((item, i) => {
              const running = checks.running[item.id];
              const status = displayStatus(item.status, running);
              const message = checks.messages[item.id];
              return (
                <li
                  key={item.id}
                  data-testid="index-item"
                  className="vt-fade-in rounded-lg border border-line/60 bg-raised/60"
                >
                  <div className="flex items-center gap-2 px-2.5 py-2">
                    {expanded && (
                      <input
                        type="checkbox"
                        aria-label={`Select ${item.name}`}
                        checked={picked.has(item.id)}
                        onChange={() => toggle(item.id)}
                        className="size-4 shrink-0 accent-[var(--color-accent)]"
                      />
                    )}
                    <StatusBadge status={status} position={i + 1} />
                    <button
                      type="button"
                      className="min-w-0 flex-1 text-left"
                      aria-expanded={open?.id === item.id}
                      onClick={() => setOpen(open?.id === item.id ? null : { id: item.id, view: 'overview' })}
                      title={item.name}
                    >
                      <span className="block truncate text-sm font-medium" data-testid="index-item-name">
                        {truncateName(item.name, limit)}
                      </span>
                      <span className="block font-mono text-[11px] text-subtle">
                        {item.standing === 'not_located' ? (
                          'Not located'
                        ) : (
                          <>
                            {item.coordinates.lat.toFixed(4)}, {item.coordinates.lng.toFixed(4)} · {standingText(item)}
                          </>
                        )}
                        {status !== 'idle' && <span className="font-sans"> · {STATUS_WORD[status]}</span>}
                      </span>
                    </button>
                  </div>
                  {expanded && (
                    <div className="vt-fade-in flex flex-wrap gap-1.5 px-2.5 pb-2">
                      <button
                        type="button"
                        className={action}
                        disabled={running === 'verify'}
                        onClick={() => run(item.id, 'verify')}
                      >
                        Verify
                      </button>
                      <button
                        type="button"
                        className={action}
                        aria-label={`Reevaluate ${item.name}`}
                        title="Reevaluate (RE): analyse the photo again"
                        disabled={running === 'reevaluate'}
                        onClick={() => run(item.id, 'reevaluate')}
                      >
                        Reevaluate
                      </button>
                      <button
                        type="button"
                        className={cx(action, 'ml-auto border-transparent bg-transparent text-muted hover:text-danger')}
                        disabled={remove.isPending && remove.variables === item.id}
                        onClick={() => confirmRemove(item.id)}
                      >
                        Remove
                      </button>
                    </div>
                  )}
                  {(message || (expanded && item.note)) && (
                    <p
                      data-testid="index-item-message"
                      className={cx(
                        'px-2.5 pb-2 text-[11px] leading-snug',
                        message ? messageTone[message.tone] : 'text-subtle',
                      )}
                    >
                      {message?.text ?? item.note}
                    </p>
                  )}
                  {item.duplicateOf && (
                    <DuplicateNote
                      first={items.find((i) => i.id === item.duplicateOf) ?? null}
                      onOpen={(first) => {
                        const at = items.indexOf(first);
                        if (!expanded && at >= LIMITS.locationIndexCollapsedShown) onExpandedChange(true);
                        setOpen({ id: first.id, view: 'overview' });
                      }}
                    />
                  )}
                  {open?.id === item.id && (
                    <ItemCard
                      item={item}
                      status={status}
                      position={i + 1}
                      view={open.view}
                      verifying={running === 'verify'}
                      onView={(view) => setOpen({ id: item.id, view })}
                      onNavigate={() => onNavigate(item)}
                      onVerify={() => run(item.id, 'verify')}
                    />
                  )}
                </li>
              );
            })}
          </ol>
        )}
        {more > 0 && (
          <button
            type="button"
            className="mt-2 w-full rounded-md py-1.5 text-xs text-accent hover:bg-raised"
            onClick={() => onExpandedChange(true)}
          >
            +{more} more
          </button>
        )}
      </div>

      {items.length > 0 && (
        <footer className="border-t border-line px-4 py-2.5">
          <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Export the index">
            <span className="mr-1 text-[11px] text-subtle">Export</span>
            {EXPORTS.map((format) => (
              <button key={format} type="button" className={action} onClick={() => exportIndex(items, format)}>
                {format}
              </button>
            ))}
          </div>
          <div className="mt-2 flex items-center justify-between gap-3">
            <p className="text-[11px] leading-snug text-subtle" data-testid="index-limit-note">
              Holds {LIMITS.locationIndexMax}. A 21st location removes the oldest (the last in this list).
            </p>
            <Button variant="ghost" size="sm" className="text-danger" disabled={clear.isPending} onClick={confirmClear}>
              Clear All
            </Button>
          </div>
        </footer>
      )}

      <CompareDialog
        items={comparing ? selected : []}
        onClose={() => setComparing(false)}
        onViewOnMap={(item) => {
          setComparing(false);
          onNavigate(item);
        }}
      />
    </aside>
  );
}

/**
 * The overview card and its details and extra views (spec 2 §2). The extra view shows only real values
 * (decisions §4): the engine's processing time when there was an analysis, and the distance from downtown.
 */
function ItemCard({
  item,
  status,
  position,
  view,
  verifying,
  onView,
  onNavigate,
  onVerify,
}: {
  item: LocationIndexItem;
  status: LocationIndexItem['status'];
  position: number;
  view: CardView;
  verifying: boolean;
  onView: (view: CardView) => void;
  onNavigate: () => void;
  onVerify: () => void;
}) {
  const tab =
    'rounded-md border border-line px-2 py-1 text-xs font-semibold hover:border-accent/60 disabled:opacity-60';
  const active = 'border-accent/70 text-accent';
  return (
    <div className="vt-expand border-t border-line/60 px-3 py-2.5 text-xs" data-testid="index-item-card">
      <p className="font-semibold text-fg" title={item.name} data-testid="card-name">
        {truncateName(item.name, NAME_LIMIT.card)}
      </p>
      {view === 'overview' && (
        <p className="mt-1 text-muted">
          {standingText(item)} · {item.source} · {STATUS_WORD[status]}
        </p>
      )}
      {view === 'details' && (
        <dl className="vt-fade-in mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted" data-testid="card-details">
          <dt>Name</dt>
          <dd className="break-words text-fg">{item.name}</dd>
          <dt>Coordinates</dt>
          <dd className="font-mono">
            {item.coordinates.lat.toFixed(4)}, {item.coordinates.lng.toFixed(4)}
          </dd>
          <dt>Status</dt>
          <dd className="flex items-center gap-2">
            <StatusBadge status={status} position={position} />
            {STATUS_WORD[status]}
          </dd>
          <dt>Confidence</dt>
          <dd>
            {formatConfidence(item.confidence)}
            {item.standing !== 'located' && ` (${standingText(item)})`}
          </dd>
          <dt>Source</dt>
          <dd>{item.source}</dd>
          <dt>Precise</dt>
          <dd className="font-mono">
            {item.coordinates.lat.toFixed(6)}, {item.coordinates.lng.toFixed(6)}
          </dd>
          <dt>Added</dt>
          <dd>{new Date(item.createdAt).toLocaleString()}</dd>
          <dt>ID</dt>
          <dd className="font-mono">…{item.id.slice(-6)}</dd>
        </dl>
      )}
      {view === 'extra' && (
        <dl className="vt-fade-in mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted" data-testid="card-extra">
          {item.processingMs !== null && (
            <>
              <dt>Processing time</dt>
              <dd className="text-fg">{formatProcessingTime(item.processingMs)}</dd>
            </>
          )}
          <dt>From downtown</dt>
          <dd className="text-fg">{distanceFromDowntown(item.coordinates.lat, item.coordinates.lng)}</dd>
          {item.standing === 'located' ? (
            <>
              <dt>Neighbourhood</dt>
              <dd className="text-fg" data-testid="extra-neighbourhood">
                {item.place?.neighbourhood ?? 'Not known'}
              </dd>
              <dt>Municipality</dt>
              <dd className="text-fg">{item.place?.municipality ?? 'Not known'}</dd>
              <dt>ZIP</dt>
              <dd className="text-fg">{item.place?.zip ?? 'Not known'}</dd>
            </>
          ) : (
            <>
              <dt>Place</dt>
              <dd className="text-fg" data-testid="extra-neighbourhood">
                {item.standing === 'outside' ? 'Outside Miami-Dade' : 'Not located'}
              </dd>
            </>
          )}
        </dl>
      )}
      <div className="mt-2 flex flex-wrap gap-1.5">
        <button type="button" className={tab} onClick={onNavigate}>
          Navigate
        </button>
        <button type="button" className={tab} disabled={verifying} onClick={onVerify}>
          Verify
        </button>
        <button
          type="button"
          className={cx(tab, view === 'details' && active)}
          aria-pressed={view === 'details'}
          onClick={() => onView(view === 'details' ? 'overview' : 'details')}
        >
          Full Details
        </button>
        <button
          type="button"
          className={cx(tab, view === 'extra' && active)}
          aria-pressed={view === 'extra'}
          onClick={() => onView(view === 'extra' ? 'overview' : 'extra')}
        >
          Extra: place &amp; timing
        </button>
      </div>
    </div>
  );
}

const EXPORTS = ['JSON', 'CSV', 'GeoJSON'] as const;

/** Downloads the index in one of the three formats, each with municipality, neighbourhood and ZIP. */
function exportIndex(items: readonly LocationIndexItem[], format: (typeof EXPORTS)[number]) {
  const stem = `vision-terminal-index-${new Date().toISOString().slice(0, 10)}`;
  if (format === 'JSON') downloadJson(`${stem}.json`, indexExport(items));
  else if (format === 'CSV') downloadText(`${stem}.csv`, indexCsv(items), 'text/csv;charset=utf-8');
  else downloadJson(`${stem}.geojson`, indexGeoJson(items), 'application/geo+json');
}

/** "The same photo as #3": a repeated upload points to the first index item analysed from those bytes. */
function DuplicateNote({
  first,
  onOpen,
}: {
  first: LocationIndexItem | null;
  onOpen: (first: LocationIndexItem) => void;
}) {
  return (
    <p className="px-2.5 pb-2 text-[11px] leading-snug text-warm" data-testid="index-duplicate">
      Duplicate: the same photo was analysed before
      {first ? (
        <>
          {' as '}
          <button type="button" className="underline hover:text-fg" onClick={() => onOpen(first)}>
            {truncateName(first.name, NAME_LIMIT.collapsed)}
          </button>
          .
        </>
      ) : (
        ' (that entry has left the index).'
      )}
    </p>
  );
}
