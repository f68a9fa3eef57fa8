import { cx } from '../../../components/ui/cx';
import { Icon } from './icons';

/** What a plan or the product includes, each line behind a green check. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cx('space-y-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm leading-relaxed text-muted">
          <Icon name="check" className="mt-0.5 size-5 shrink-0 text-ok" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
