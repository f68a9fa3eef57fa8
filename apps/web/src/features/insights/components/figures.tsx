import type { ReactNode } from 'react';

/** A row of small figure cards. */
export function Figures({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}
