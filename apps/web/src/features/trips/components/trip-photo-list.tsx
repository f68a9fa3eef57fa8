import { useEffect, useRef } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import type { TripRow } from '../model';

/**
 * The trip's photos, one row each, in words (R-TRIP-4). A photo with a place is a button: it shows the photo on the
 * map (the list is the map's text alternative, and works by keyboard).
 */
export function TripPhotoList({
  rows,
  selectedId,
  onSelect,
  className,
}: {
  rows: readonly TripRow[];
  selectedId: string | null;
  onSelect?(analysisId: string): void;
  className?: string;
}) {
  const selected = useRef<HTMLLIElement>(null);
  useEffect(() => {
    selected.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  return (
    <ul className={cx('divide-y divide-line', className)} aria-label="Photos of the trip" data-testid="trip-photo-list">
      {rows.map((row) => {
        const id = row.photo?.analysisId ?? null;
        const placed = Boolean(row.photo?.place && row.photo.state !== 'not_located');
        const isSelected = id !== null && id === selectedId;
        const body = (
          <>
            <span className="size-10 shrink-0 overflow-hidden rounded-md border border-line bg-raised">
              {row.photo?.thumbnailUrl && (
                <img src={row.photo.thumbnailUrl} alt="" className="size-full object-cover" loading="lazy" />
              )}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="truncate font-mono text-sm text-fg" title={row.fileName}>
                  {row.fileName}
                </span>
                <Badge tone={row.tone}>
                  {row.busy && (
                    <span aria-hidden="true" className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" />
                  )}
                  {row.status}
                </Badge>
              </span>
              {row.detail && <span className="mt-1 block text-xs break-words text-muted">{row.detail}</span>}
            </span>
          </>
        );
        return (
          <li
            key={row.key}
            ref={isSelected ? selected : undefined}
            data-testid="trip-photo"
            data-state={row.photo?.state ?? row.status}
          >
            {placed && onSelect && id ? (
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(id)}
                className={cx(
                  'flex w-full items-start gap-3 px-3 py-2.5 text-left transition-colors hover:bg-raised/70',
                  isSelected && 'bg-raised',
                )}
              >
                {body}
              </button>
            ) : (
              <div className="flex items-start gap-3 px-3 py-2.5">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
