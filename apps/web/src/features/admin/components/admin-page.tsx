import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cx } from '../../../components/ui/cx';
import { Page, PageHeader } from '../../../components/ui/page';

/**
 * A page of the admin panel: its heading, the panel's sections for the founder, then the section itself. Reference
 * imagery is the founder's alone (R-GALLERY-5), so others see no tabs; the server refuses its calls to them anyway.
 */
export function AdminPage({
  title,
  lead,
  role,
  children,
}: {
  title: string;
  lead: string;
  /** The signed-in user's role; undefined while the session loads. */
  role: string | undefined;
  children: ReactNode;
}) {
  return (
    <Page title={title} className="py-8 sm:py-12">
      <PageHeader eyebrow="System administrator" title={title} lead={lead} />
      {role === 'founder' && <AdminTabs />}
      {children}
    </Page>
  );
}

function AdminTabs() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cx(
      'inline-flex h-10 items-center border-b-2 px-1 text-sm font-medium transition-colors',
      isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
    );
  return (
    <nav aria-label="Admin sections" className="-mt-4 mb-8 flex gap-6 border-b border-line">
      <NavLink to="/admin" end className={tab}>
        Overview
      </NavLink>
      <NavLink to="/admin/reference" className={tab}>
        Reference imagery
      </NavLink>
    </nav>
  );
}
