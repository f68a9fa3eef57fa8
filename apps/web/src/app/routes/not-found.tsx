import { ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';

export function Component() {
  return (
    <Page title="Page not found">
      <div className="mx-auto max-w-lg py-12 text-center">
        <p className="font-mono text-sm text-warm">404</p>
        <h1 className="mt-2 text-3xl font-bold">Page not found</h1>
        <p className="mt-3 text-muted">
          There is nothing at this address. It may have moved, or the link may be mistyped.
        </p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Return Home</ButtonLink>
          <ButtonLink to="/docs" variant="secondary">
            Documentation
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
