import type { ReactNode } from 'react';
import { cx } from './cx';

/** A page's width, padding and <title> (React 19 hoists <title> into the head). */
export function Page({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div className={cx('mx-auto w-full max-w-6xl px-5 py-12 sm:px-8 sm:py-16', className)}>
      <title>{`${title} · Vision Terminal`}</title>
      {children}
    </div>
  );
}

export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mb-10 max-w-3xl">
      {eyebrow && <p className="mb-3 text-xs font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>}
      <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
      {lead && <p className="mt-4 text-lg leading-relaxed text-muted">{lead}</p>}
      {children}
    </header>
  );
}

/** Long-form text (legal pages, docs) with comfortable measure and spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div
      className={cx(
        'max-w-3xl space-y-4 leading-relaxed text-muted',
        '[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-fg',
        '[&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-fg',
        '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5',
        '[&_a]:text-accent [&_a]:underline [&_strong]:text-fg [&_code]:font-mono [&_code]:text-sm [&_code]:text-fg',
      )}
    >
      {children}
    </div>
  );
}
