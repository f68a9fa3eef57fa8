import type { ReactNode } from 'react';
import { cx } from './cx';

/** What QueryState reads of a query (TanStack Query's result has it). */
export type QueryLike<T> = { isLoading: boolean; error: Error | null; data: T | undefined };

/**
 * A query's answer, or the line that stands in its place: "Loading …" while it loads, its error in words (an alert)
 * when it failed, "No answer" when it has none without an error. `className` places that line where it stands
 * (padding inside a list, a margin under a heading).
 */
export function QueryState<T>({
  query,
  loading,
  errorLead = '',
  className,
  children,
}: {
  query: QueryLike<T>;
  /** "Loading analyses..." */
  loading: string;
  /** Words before the error's own message, where the panel names what failed ("Error loading statistics: "). */
  errorLead?: string;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <p className={cx('text-sm text-muted', className)}>{loading}</p>;
  if (query.error || query.data === undefined) {
    return (
      <p role="alert" className={cx('text-sm text-danger', className)}>
        {query.error ? `${errorLead}${query.error.message}` : 'No answer'}
      </p>
    );
  }
  return children(query.data);
}
