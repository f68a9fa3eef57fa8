import { ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';

/** A tidy stand-in for pages owned by later work: it says what the page will be for. */
export function BeingBuilt({ title, purpose }: { title: string; purpose: string }) {
  return (
    <Page title={title}>
      <div className="mx-auto max-w-xl rounded-2xl border border-line bg-surface p-8 text-center">
        <p className="font-mono text-xs tracking-[0.18em] text-warm uppercase">Being built</p>
        <h1 className="mt-3 text-2xl font-bold">{title}</h1>
        <p className="mt-3 leading-relaxed text-muted">{purpose}</p>
        <ButtonLink to="/dashboard" variant="secondary" className="mt-7">
          Back to Dashboard
        </ButtonLink>
      </div>
    </Page>
  );
}
