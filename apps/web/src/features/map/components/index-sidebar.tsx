import { useState } from 'react';
import { LIMITS, type LocationIndexItem } from '@vt/shared';
import { formatConfidence } from '../../analysis';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { distanceFromDowntown, NAME_LIMIT, statusBadge, truncateName, visibleItems } from '../geo';
import { SAMPLE_LOCATIONS, useIndexMutations } from '../index-api';

type CardView = 'overview' | 'details' | 'extra';

const badgeTone: Record<LocationIndexItem['status'], string> = {
  idle: 'bg-raised text-muted border-line',
  verifying: 'bg-raised text-accent border-accent/50',
  reevaluating: 'bg-raised text-accent border-accent/50',
  verified: 'bg-ok/15 text-ok border-ok/50',
  reevaluated: 'bg-accent/15 text-accent border-accent/50',
  error: 'bg-danger/15 text-danger border-danger/50',
};

function StatusBadge({ item, position }: { item: LocationIndexItem; position: number }) {
  return (
    <span
      data-testid="status-badge"
      className={cx(
        'inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full border px-1.5 font-mono text-[11px] font-semibold',
        badgeTone[item.status],
      )}
    >
      {statusBadge(item.status, position)}
    </span>
  );
}

/** The Location Index sidebar (spec 2 §2): server-side, at most 20 per user, newest first. */
export function IndexSidebar({
  items,
  loading,
  expanded,
  onExpandedChange,
  onClose,
  onNavigate,
}: {
  items: readonly LocationIndexItem[];
  loading: boolean;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  onClose: () => void;
  onNavigate: (item: LocationIndexItem) => void;
}) {
  const { add, remove, clear } = useIndexMutations();
  const [open, setOpen] = useState<{ id: string; view: CardView } | null>(null);
  const { shown, more } = visibleItems(items, expanded);
  const selected = items.find((i) => i.id === open?.id) ?? null;
  const limit = expanded ? NAME_LIMIT.expanded : NAME_LIMIT.collapsed;

  const confirmClear = () => {
    if (window.confirm(`Clear all ${items.length} locations from index?`)) clear.mutate();
  };
  const confirmRemove = (id: string) => {
    if (window.confirm('Remove this location from index?')) {
      remove.mutate(id);
      if (open?.id === id) setOpen(null);
    }
  };

  return (
    <aside
      aria-label="Location Index"
      data-testid="index-sidebar"
      className={cx(
        'flex max-h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface/95 shadow-2xl backdrop-blur',
        'transition-[width] duration-300',
        expanded ? 'w-full sm:w-[26rem]' : 'w-full sm:w-80',
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
            {shown.map((item, i) => (
              <li key={item.id} className="rounded-lg border border-line/60 bg-raised/60">
                <div className="flex items-center gap-2 px-2.5 py-2">
                  <StatusBadge item={item} position={i + 1} />
                  <button
                    type="button"
                    className="min-w-0 flex-1 text-left"
                    onClick={() => setOpen(open?.id === item.id ? null : { id: item.id, view: 'overview' })}
                    title={item.name}
                  >
                    <span className="block text-sm font-medium" data-testid="index-item-name">
                      {truncateName(item.name, limit)}
                    </span>
                    <span className="block font-mono text-[11px] text-subtle">
                      {item.coordinates.lat.toFixed(4)}, {item.coordinates.lng.toFixed(4)} ·{' '}
                      {formatConfidence(item.confidence)}
                    </span>
                  </button>
                  {expanded && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2 text-xs"
                      disabled={remove.isPending && remove.variables === item.id}
                      onClick={() => confirmRemove(item.id)}
                    >
                      Remove
                    </Button>
                  )}
                </div>
                {selected?.id === item.id && open && (
                  <ItemCard
                    item={item}
                    view={open.view}
                    onView={(view) => setOpen({ id: item.id, view })}
                    onNavigate={() => onNavigate(item)}
                  />
                )}
              </li>
            ))}
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
        <footer className="flex items-center justify-between gap-2 border-t border-line px-4 py-2.5">
          <p className="text-[11px] leading-snug text-subtle">
            Keeps your {LIMITS.locationIndexMax} newest; a new one drops the oldest.
          </p>
          <Button variant="ghost" size="sm" className="text-danger" disabled={clear.isPending} onClick={confirmClear}>
            Clear All
          </Button>
        </footer>
      )}
    </aside>
  );
}

/** Overview card, details and extra views of one item (spec 2 §2), with real values only (decisions §4). */
function ItemCard({
  item,
  view,
  onView,
  onNavigate,
}: {
  item: LocationIndexItem;
  view: CardView;
  onView: (view: CardView) => void;
  onNavigate: () => void;
}) {
  const tab = 'rounded-md border border-line px-2 py-1 text-xs font-semibold hover:border-accent/60';
  return (
    <div className="border-t border-line/60 px-3 py-2.5 text-xs" data-testid="index-item-card">
      <p className="font-semibold text-fg" title={item.name}>
        {truncateName(item.name, NAME_LIMIT.card)}
      </p>
      {view === 'details' && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted">
          <dt>Name</dt>
          <dd className="break-words text-fg">{item.name}</dd>
          <dt>Coordinates</dt>
          <dd className="font-mono">
            {item.coordinates.lat.toFixed(4)}, {item.coordinates.lng.toFixed(4)}
          </dd>
          <dt>Status</dt>
          <dd>{item.status}</dd>
          <dt>Confidence</dt>
          <dd>{formatConfidence(item.confidence)}</dd>
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
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted">
          <dt>From downtown</dt>
          <dd className="text-fg">{distanceFromDowntown(item.coordinates.lat, item.coordinates.lng)}</dd>
          <dt>County</dt>
          <dd className="text-fg">Miami-Dade County</dd>
        </dl>
      )}
      <div className="mt-2 flex flex-wrap gap-1.5">
        <button type="button" className={tab} onClick={onNavigate}>
          Navigate
        </button>
        <button type="button" className={tab} onClick={() => onView(view === 'details' ? 'overview' : 'details')}>
          Full Details
        </button>
        <button type="button" className={tab} onClick={() => onView(view === 'extra' ? 'overview' : 'extra')}>
          Extra
        </button>
      </div>
    </div>
  );
}
