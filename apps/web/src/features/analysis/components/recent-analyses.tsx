import { LIMITS, type LocationIndexItem } from '@vt/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useLocationIndex } from '../api';
import { formatLatLng } from '../format';
import { StandingBadge } from './standing-badge';

/** Names are cut at 40 characters in an expanded list, as in the location index (R-INDEX-6). */
const truncate = (s: string, n = 40) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function Item({ item, onOpen, selected }: { item: LocationIndexItem; onOpen(id: string): void; selected: boolean }) {
  const body = (
    <>
      {item.thumbnailUrl ? (
        <img src={item.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-md border border-line object-cover" />
      ) : (
        <span aria-hidden="true" className="size-12 shrink-0 rounded-md border border-line bg-raised" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-fg" title={item.name}>
          {truncate(item.name)}
        </span>
        <span className="mt-0.5 block font-mono text-xs text-muted">
          {item.standing === 'not_located'
            ? 'No place found'
            : formatLatLng(item.coordinates.lat, item.coordinates.lng, 4)}
        </span>
        <span className="mt-0.5 block text-xs text-subtle">
          {item.source} · {new Date(item.createdAt).toLocaleString()}
        </span>
        {item.duplicateOf && (
          <span className="mt-0.5 block text-xs text-warm" data-testid="duplicate-note">
            The same photo as an earlier one in this list
          </span>
        )}
      </span>
      <StandingBadge
        confidence={item.confidence}
        source={item.source}
        name={item.name}
        standing={item.standing}
        className="shrink-0"
      />
    </>
  );
  const className = 'flex w-full items-center gap-3 rounded-lg border p-3 text-left';
  return (
    <li className="min-w-0">
      {item.analysisId ? (
        <button
          type="button"
          onClick={() => onOpen(item.analysisId!)}
          aria-current={selected ? 'true' : undefined}
          className={`${className} ${selected ? 'border-accent/60 bg-accent/5' : 'border-line hover:border-accent/40'}`}
        >
          {body}
        </button>
      ) : (
        <div className={`${className} border-line`}>{body}</div>
      )}
    </li>
  );
}

/** The location index as the history of this screen: it survives a reload and shows on every device. */
export function RecentAnalyses({
  onOpen,
  selectedAnalysisId,
}: {
  onOpen(analysisId: string): void;
  selectedAnalysisId: string | null;
}) {
  const query = useLocationIndex();
  const items = query.data?.items ?? [];
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">Recent analyses</h2>
        <p className="text-xs text-subtle">
          {query.data ? `${items.length} of ${LIMITS.locationIndexMax} in your location index · ` : ''}the oldest leaves
          when the {LIMITS.locationIndexMax + 1}st arrives
        </p>
      </div>
      {query.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Loading recent analyses...
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          <p>Could not load your recent analyses: {query.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-lg border border-line bg-raised/40 p-5 text-center">
          <p className="font-medium text-fg">No locations yet</p>
          <p className="mt-1 text-sm text-muted">
            Analyse a photo and it appears here, on this and your other devices.
          </p>
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-2 md:grid-cols-2" data-testid="recent-analyses">
          {items.map((item) => (
            <Item key={item.id} item={item} onOpen={onOpen} selected={item.analysisId === selectedAnalysisId} />
          ))}
        </ul>
      )}
    </Card>
  );
}
