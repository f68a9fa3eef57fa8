import type { ReactNode } from 'react';

/** What a list says when it has nothing to show: a line in bold, an optional sentence, and a way on (`children`). */
export function EmptyState({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div className="px-6 py-10 text-center">
      <p className="font-semibold">{title}</p>
      {text && <p className="mt-1 text-sm text-muted">{text}</p>}
      {children}
    </div>
  );
}
