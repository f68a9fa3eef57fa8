import { NavLink } from 'react-router';
import { cx } from '../../../components/ui/cx';

/**
 * The admin panel's sections. Reference imagery is the founder's alone (R-GALLERY-5), so others see no tabs; the
 * server refuses its calls to them anyway.
 */
export function AdminTabs({ role }: { role: string }) {
  if (role !== 'founder') return null;
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
