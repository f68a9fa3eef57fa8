import type { ReactNode } from 'react';
import { cx } from './cx';

export type Column = {
  label: ReactNode;
  /** Figures: right-aligned, as their cells are. */
  numeric?: boolean;
  /** Where the column shows (`hidden sm:table-cell`). */
  className?: string;
};

/**
 * Rows under one header of small upper-case column names, divided by lines, scrolling sideways when the screen is
 * narrower than the table. `children` are the body's rows; their cells pad `pr-4` between columns, as the header does.
 */
export function Table({
  columns,
  caption,
  className,
  tableClassName,
  children,
}: {
  columns: Column[];
  /** For screen readers. */
  caption?: string;
  /** The scrolling box around the table (margins). */
  className?: string;
  /** The table itself (a minimum width). */
  tableClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('overflow-x-auto', className)}>
      <table className={cx('w-full text-left text-sm', tableClassName)}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr className="border-b border-line text-xs tracking-wide text-subtle uppercase">
            {columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                className={cx(
                  'py-2 font-medium',
                  i < columns.length - 1 && 'pr-4',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}
