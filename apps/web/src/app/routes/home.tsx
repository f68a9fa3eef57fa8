import { Button, ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useLocation } from 'react-router';
import { askedReturnTo, startSignIn, accountDeletedOnThisLoad, useSession } from '../../features/auth';
import {
  CallToAction,
  DemoTerminal,
  FeatureGrid,
  HowItWorks,
  MeasuredFigureText,
  TARGETS,
  useBenchmarks,
} from '../../features/public-site';

function SectionTitle({ eyebrow, title, id }: { eyebrow: string; title: string; id: string }) {
  return (
    <div className="mb-8">
      <p className="mb-2 text-xs font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
    </div>
  );
}

export function Component() {
  const { isAuthenticated } = useSession();
  // Sent here from a page that needs sign-in: signing in returns there, and the page says so.
  const location = useLocation();
  const asked = askedReturnTo(location.state, '');
  const { data: figures } = useBenchmarks();
  const accountDeleted = accountDeletedOnThisLoad();

  return (
    <Page title="Where was this photo taken?" className="py-10 sm:py-14">
      <section className="grid items-center gap-12 lg:grid-cols-[1.05fr_1fr]">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-muted">
            <span className="size-1.5 rounded-full bg-warm" aria-hidden="true" />
            Miami-Dade County · engine v2.1 · free during the beta
          </p>
          <h1 className="text-4xl leading-[1.1] font-bold tracking-tight text-fg sm:text-5xl">
            Where in <span className="whitespace-nowrap">Miami-Dade</span> was{' '}
            <span className="text-accent">this photo</span> taken?
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
            Vision Terminal is a location model built for one county. Upload a photo and it answers with coordinates,
            the neighbourhood and a confidence you can check — backed by GPS metadata, street signs, the county street
            grid and building and landmark recognition.
          </p>
          {accountDeleted && !isAuthenticated && (
            <p
              role="status"
              data-testid="account-deleted"
              className="mt-6 max-w-xl rounded-lg border border-ok/40 bg-ok/10 p-3 text-sm text-fg"
            >
              Your account and everything stored for it were deleted. You are signed out here and at the sign-in
              provider; signing in again would start a new, empty account.
            </p>
          )}
          {!isAuthenticated && asked && (
            <p
              role="status"
              className="mt-6 max-w-xl rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm text-fg"
            >
              Sign in to open <span className="font-mono">{asked}</span>. You will be taken there once you are signed
              in.
            </p>
          )}
          <div className="mt-8 flex flex-wrap gap-3">
            {isAuthenticated ? (
              <>
                <ButtonLink to="/access-ai" size="lg">
                  Launch VT
                </ButtonLink>
                <ButtonLink to="/dashboard" variant="secondary" size="lg">
                  Dashboard
                </ButtonLink>
              </>
            ) : (
              <>
                <Button size="lg" onClick={() => startSignIn(asked || '/dashboard')}>
                  {asked ? 'Sign in to continue' : 'Get started free'}
                </Button>
                <ButtonLink to="/products" variant="secondary" size="lg">
                  Explore the product
                </ButtonLink>
              </>
            )}
          </div>
          <dl className="mt-10 grid max-w-lg gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-xs tracking-wide text-subtle uppercase">Accuracy</dt>
              <dd className="mt-1">
                <MeasuredFigureText figure={figures.accuracy} target={TARGETS.accuracy} />
              </dd>
            </div>
            <div>
              <dt className="text-xs tracking-wide text-subtle uppercase">Response time</dt>
              <dd className="mt-1">
                <MeasuredFigureText figure={figures.speed} target={TARGETS.speed} />
              </dd>
            </div>
          </dl>
        </div>
        <DemoTerminal />
      </section>

      <section aria-labelledby="features" className="mt-24">
        <SectionTitle eyebrow="Why Vision Terminal" title="Built for one county, and for evidence" id="features" />
        <FeatureGrid />
      </section>

      <section aria-labelledby="how" className="mt-24">
        <SectionTitle eyebrow="How it works" title="Three steps from photo to place" id="how" />
        <HowItWorks />
      </section>

      <div className="mt-24">
        <CallToAction
          title="Find out where your photo was taken"
          text="Access is free during the beta. Sign in with your sign-in provider and run your first analysis in under a minute."
        />
      </div>
    </Page>
  );
}
