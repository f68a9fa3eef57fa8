import { useState } from 'react';
import { LIMITS, type LocationIndexItem } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { indexCsv, indexExport, indexGeoJson, NAME_LIMIT, visibleItems } from '../geo';
import type { useIndexChecks } from '../index-api';
import { SAMPLE_LOCATIONS, useIndexMutations, type CheckAction } from '../index-api';
import { CompareDialog } from './compare-dialog';
import { action, IndexRow, type CardView } from './index-row';
import { datedName, downloadJson, downloadText } from '../../../lib/download';

/**
 * The Location Index sidebar (R-INDEX-1, R-INDEX-3): server-side, at most 20 per user, newest first. Collapsed it shows the
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
            {shown.map((item, i) => (
              <IndexRow
                key={item.id}
                item={item}
                position={i + 1}
                expanded={expanded}
                nameLimit={limit}
                picked={picked.has(item.id)}
                onPick={() => toggle(item.id)}
                running={checks.running[item.id]}
                message={checks.messages[item.id]}
                onRun={(check) => run(item.id, check)}
                removing={remove.isPending && remove.variables === item.id}
                onRemove={() => confirmRemove(item.id)}
                view={open?.id === item.id ? open.view : null}
                onView={(view) => setOpen(view ? { id: item.id, view } : null)}
                onNavigate={() => onNavigate(item)}
                duplicateOf={item.duplicateOf ? (items.find((d) => d.id === item.duplicateOf) ?? null) : undefined}
                onOpenDuplicate={(first) => {
                  const at = items.indexOf(first);
                  if (!expanded && at >= LIMITS.locationIndexCollapsedShown) onExpandedChange(true);
                  setOpen({ id: first.id, view: 'overview' });
                }}
              />
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

const EXPORTS = ['JSON', 'CSV', 'GeoJSON'] as const;

/** Downloads the index in one of the three formats, each with municipality, neighbourhood and ZIP. */
function exportIndex(items: readonly LocationIndexItem[], format: (typeof EXPORTS)[number]) {
  const stem = datedName('vision-terminal-index');
  if (format === 'JSON') downloadJson(`${stem}.json`, indexExport(items));
  else if (format === 'CSV') downloadText(`${stem}.csv`, indexCsv(items), 'text/csv;charset=utf-8');
  else downloadJson(`${stem}.geojson`, indexGeoJson(items), 'application/geo+json');
}
