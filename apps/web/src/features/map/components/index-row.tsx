import type { ReactNode } from 'react';
import type { LocationIndexItem } from '@vt/shared';
import { formatConfidence } from '../../analysis';
import { cx } from '../../../components/ui/cx';
import {
  displayStatus,
  distanceFromDowntown,
  formatProcessingTime,
  NAME_LIMIT,
  STATUS_WORD,
  statusBadge,
  truncateName,
} from '../geo';
import type { CheckAction, CheckMessage } from '../index-api';

export type CardView = 'overview' | 'details' | 'extra';

const CARD_TAB =
  'rounded-md border border-line px-2 py-1 text-xs font-semibold hover:border-accent/60 disabled:opacity-60';

/** A card button that shows one of its views, pressed while it shows; pressed again, the card is back to its overview. */
function ViewToggle({
  shows,
  view,
  onView,
  children,
}: {
  shows: CardView;
  view: CardView;
  onView: (view: CardView) => void;
  children: ReactNode;
}) {
  const pressed = view === shows;
  return (
    <button
      type="button"
      className={cx(CARD_TAB, pressed && 'border-accent/70 text-accent')}
      aria-pressed={pressed}
      onClick={() => onView(pressed ? 'overview' : shows)}
    >
      {children}
    </button>
  );
}

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
export const action =
  'inline-flex h-7 items-center rounded-md border border-line bg-raised px-2.5 text-xs font-semibold text-fg transition-colors duration-150 hover:border-accent/60 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * One place of the Location Index: its badge, name, coordinates and standing; when the index is expanded, its
 * checkbox and Verify, Reevaluate and Remove; the outcome of its last check; the duplicate note; and, when opened,
 * its card.
 */
export function IndexRow({
  item,
  position,
  expanded,
  nameLimit,
  picked,
  onPick,
  running,
  message,
  onRun,
  removing,
  onRemove,
  view,
  onView,
  onNavigate,
  duplicateOf,
  onOpenDuplicate,
}: {
  item: LocationIndexItem;
  /** 1-based place in the list (the badge's number). */
  position: number;
  expanded: boolean;
  nameLimit: number;
  picked: boolean;
  onPick: () => void;
  /** The check running on it now, if any. */
  running: CheckAction | undefined;
  message: CheckMessage | undefined;
  onRun: (check: CheckAction) => void;
  removing: boolean;
  onRemove: () => void;
  /** The open card's view, or null when closed. */
  view: CardView | null;
  onView: (view: CardView | null) => void;
  onNavigate: () => void;
  /** For a repeated upload: the first entry of the same photo (null when it has left the index). */
  duplicateOf?: LocationIndexItem | null;
  onOpenDuplicate: (first: LocationIndexItem) => void;
}) {
  const status = displayStatus(item.status, running);
  return (
    <li data-testid="index-item" className="vt-fade-in rounded-lg border border-line/60 bg-raised/60">
      <div className="flex items-center gap-2 px-2.5 py-2">
        {expanded && (
          <input
            type="checkbox"
            aria-label={`Select ${item.name}`}
            checked={picked}
            onChange={onPick}
            className="size-4 shrink-0 accent-[var(--color-accent)]"
          />
        )}
        <StatusBadge status={status} position={position} />
        <button
          type="button"
          className="min-w-0 flex-1 text-left"
          aria-expanded={view !== null}
          onClick={() => onView(view ? null : 'overview')}
          title={item.name}
        >
          <span className="block truncate text-sm font-medium" data-testid="index-item-name">
            {truncateName(item.name, nameLimit)}
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
          <button type="button" className={action} disabled={running === 'verify'} onClick={() => onRun('verify')}>
            Verify
          </button>
          <button
            type="button"
            className={action}
            aria-label={`Reevaluate ${item.name}`}
            title="Reevaluate (RE): analyse the photo again"
            disabled={running === 'reevaluate'}
            onClick={() => onRun('reevaluate')}
          >
            Reevaluate
          </button>
          <button
            type="button"
            className={cx(action, 'ml-auto border-transparent bg-transparent text-muted hover:text-danger')}
            disabled={removing}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
      )}
      {(message || (expanded && item.note)) && (
        <p
          data-testid="index-item-message"
          className={cx('px-2.5 pb-2 text-[11px] leading-snug', message ? messageTone[message.tone] : 'text-subtle')}
        >
          {message?.text ?? item.note}
        </p>
      )}
      {duplicateOf !== undefined && <DuplicateNote first={duplicateOf} onOpen={onOpenDuplicate} />}
      {view && (
        <ItemCard
          item={item}
          status={status}
          position={position}
          view={view}
          verifying={running === 'verify'}
          onView={onView}
          onNavigate={onNavigate}
          onVerify={() => onRun('verify')}
        />
      )}
    </li>
  );
}

/**
 * The overview card and its details and extra views (R-INDEX-7). The extra view shows only real values
 * (R-INDEX-7): the engine's processing time when there was an analysis, and the distance from downtown.
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
        <button type="button" className={CARD_TAB} onClick={onNavigate}>
          Navigate
        </button>
        <button type="button" className={CARD_TAB} disabled={verifying} onClick={onVerify}>
          Verify
        </button>
        <ViewToggle shows="details" view={view} onView={onView}>
          Full Details
        </ViewToggle>
        <ViewToggle shows="extra" view={view} onView={onView}>
          Extra: place &amp; timing
        </ViewToggle>
      </div>
    </div>
  );
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
