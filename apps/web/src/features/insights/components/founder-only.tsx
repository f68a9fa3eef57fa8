import type { ReactNode } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { useSession } from '../../auth';

/** Renders its children for the founder only; the server answers 403 to everyone else anyway. */
export function FounderOnly({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSession();
  if (user?.role === 'founder') return <>{children}</>;
  return (
    <div
      className="mx-auto max-w-xl rounded-2xl border border-line bg-surface p-8 text-center"
      data-testid="founder-only"
    >
      <p className="font-mono text-xs tracking-[0.18em] text-warm uppercase">Founder only</p>
      <h2 className="mt-3 text-xl font-bold">{title} is for the system administrator</h2>
      <p className="mt-3 text-muted">Your own figures are on your dashboard and in Analytics.</p>
      <div className="mt-6 flex justify-center gap-3">
        <ButtonLink to="/analytics" variant="secondary">
          My Analytics
        </ButtonLink>
        <ButtonLink to="/dashboard">Dashboard</ButtonLink>
      </div>
    </div>
  );
}
