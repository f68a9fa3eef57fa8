import { useLocation, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Page, PageHeader } from '../../components/ui/page';
import { startSignIn, useSession } from '../../features/auth';
import {
  CallToAction,
  CheckList,
  isPlanId,
  PlanCards,
  plansVisible,
  useWeeklyAllowance,
} from '../../features/public-site';

const included = [
  'Image analysis at no charge, within a weekly allowance that access codes can raise',
  'Full AI features: metadata, text, street grid, reference photos and the vision model',
  'No time limits on your account during the beta',
  'Your histories, the location index, exports and account deletion',
  'The full-screen 3D map, opened with an access code (ask us for one)',
];

/** The questions, with the allowance as this server is configured. */
function faqFor(allowance: string): Array<{ q: string; a: string }> {
  return [
    {
      q: 'Is Vision Terminal really free?',
      a: 'Yes. Access is free during the beta, until further notice. There is no card to enter and nothing is charged.',
    },
    {
      q: 'What happens when the beta ends?',
      a: 'Prices are coming soon. We will announce them on this page and in the app well before anything changes, and nothing will be charged without you choosing a plan.',
    },
    {
      q: 'Are there limits during the beta?',
      a: `Each account can analyse ${allowance} by default, so the service stays fast for everyone. Access codes raise the allowance and unlock more features.`,
    },
    {
      q: 'What happens to the photos I upload?',
      a: 'Stored photos have their GPS tags and all other metadata removed, thumbnails are shown only to you, and you can export or delete your data at any time. The privacy page has the details.',
    },
  ];
}

export function Component() {
  const faq = faqFor(useWeeklyAllowance());
  const [params] = useSearchParams();
  const location = useLocation();
  const { isAuthenticated } = useSession();
  const showPlans = plansVisible(location.search, import.meta.env.VITE_SHOW_PLANS);
  const planParam = params.get('plan');
  const selected = isPlanId(planParam) ? planParam : null;

  return (
    <Page title="Pricing">
      <PageHeader
        eyebrow="Pricing"
        title="Free during the beta"
        lead="Vision Terminal is free until further notice. Prices are coming soon. Until then every signed-in user can analyse photos and keep their histories and location index; the full-screen map opens with an access code."
      />

      <section
        aria-labelledby="free-access"
        className="max-w-xl rounded-2xl border border-accent/50 bg-surface p-8 shadow-[0_0_0_1px_rgba(92,200,255,0.12)]"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="free-access" className="text-xl font-semibold">
            Beta access
          </h2>
          <Badge tone="warm">Prices coming soon</Badge>
        </div>
        <p className="mt-4">
          <span className="text-4xl font-bold">$0</span>
          <span className="ml-2 text-muted">until further notice</span>
        </p>
        <CheckList className="mt-6" items={included} />
        <div className="mt-8">
          {isAuthenticated ? (
            <ButtonLink to="/access-ai" className="w-full" size="lg">
              Launch VT
            </ButtonLink>
          ) : (
            <Button className="w-full" size="lg" onClick={() => startSignIn('/dashboard')}>
              Sign up free
            </Button>
          )}
        </div>
      </section>

      {showPlans && <PlanCards selected={selected} />}

      <section aria-labelledby="faq-title" className="mt-16 max-w-3xl">
        <h2 id="faq-title" className="text-2xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-line rounded-xl border border-line bg-surface">
          {faq.map((item) => (
            <details key={item.q} className="group px-6 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-fg [&::-webkit-details-marker]:hidden">
                {item.q}
                <span aria-hidden="true" className="text-accent transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-sm leading-relaxed text-muted">{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <div className="mt-16">
        <CallToAction
          title="Start locating photos today"
          text="Sign up free, with no card and no time limit during the beta."
        />
      </div>
    </Page>
  );
}
