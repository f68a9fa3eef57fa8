import { Button } from './button';

/**
 * Previous / "21–40 of 57" / Next under a paged list; nothing when everything fits on one page. `offset` is the
 * first shown item's index; `onOffset` receives the new one.
 */
export function Pagination({
  offset,
  pageSize,
  total,
  onOffset,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <nav aria-label="Pages" className="mt-5 flex items-center justify-between gap-3 text-sm">
      <Button
        variant="secondary"
        size="sm"
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - pageSize))}
      >
        Previous
      </Button>
      <span className="text-muted">
        {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={offset + pageSize >= total}
        onClick={() => onOffset(offset + pageSize)}
      >
        Next
      </Button>
    </nav>
  );
}
