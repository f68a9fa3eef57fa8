import { cx } from './cx';

/** Names, each with its count at the end of the line, in the order given (the most frequent places first). */
export function CountList({ items, className }: { items: Array<{ name: string; count: number }>; className?: string }) {
  return (
    <ol className={cx('mt-3 space-y-1', className)}>
      {items.map((item) => (
        <li key={item.name} className="flex justify-between gap-3">
          <span className="truncate">{item.name}</span>
          <span className="font-mono text-muted tabular-nums">{item.count}</span>
        </li>
      ))}
    </ol>
  );
}
