import { useState } from 'react';
import { PLAN_TIERS } from '@vt/shared';
import { Button, ButtonAnchor, ButtonLink } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { startSignIn, useSession } from '../../auth';
import { usePublicConfig } from '../api';
import { pricingReturnPath, type PlanId } from '../plans';

/** The hidden plan tiers (R-SITE-5), shown only behind a flag. */
export function PlanCards({ selected }: { selected: PlanId | null }) {
  const { isAuthenticated } = useSession();
  const config = usePublicConfig();
  const [notice, setNotice] = useState('');

  const choose = (planId: PlanId) => {
    if (!isAuthenticated) {
      startSignIn(pricingReturnPath(planId));
      return;
    }
    // Plans are not on sale: a signed-in choice is only recorded in the log (R-SITE-6).
    console.info('Plan selected', { plan: planId });
    setNotice('Noted. Plans are not on sale yet: your access stays free during the beta.');
  };

  return (
    <section aria-labelledby="plans-title" className="mt-16">
      <h2 id="plans-title" className="text-2xl font-bold tracking-tight">
        Plans after the beta
      </h2>
      <p className="mt-2 text-muted">A preview of the planned tiers. Nothing is charged while the beta runs.</p>
      <ul className="mt-8 grid gap-5 md:grid-cols-3">
        {PLAN_TIERS.map((plan) => (
          <li
            key={plan.id}
            className={cx(
              'flex flex-col rounded-xl border bg-surface p-6',
              selected === plan.id ? 'border-accent ring-1 ring-accent' : 'border-line',
            )}
          >
            <h3 className="text-lg font-semibold">{plan.name}</h3>
            <p className="mt-3">
              <span className="text-3xl font-bold">{plan.price}</span>
              {plan.period && <span className="ml-1 text-sm text-muted">{plan.period}</span>}
            </p>
            <ul className="mt-5 mb-6 space-y-2 text-sm text-muted">
              <li>{plan.images}</li>
              <li>{plan.users}</li>
            </ul>
            <div className="mt-auto">
              {plan.id === 'enterprise' ? (
                config?.salesEmail ? (
                  <ButtonAnchor href={`mailto:${config.salesEmail}`} variant="secondary" className="w-full">
                    Contact sales
                  </ButtonAnchor>
                ) : (
                  <ButtonLink to="/contact" variant="secondary" className="w-full">
                    Contact sales
                  </ButtonLink>
                )
              ) : (
                <Button
                  className="w-full"
                  variant={selected === plan.id ? 'primary' : 'secondary'}
                  onClick={() => choose(plan.id)}
                >
                  Choose {plan.name}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-4 min-h-6 text-sm text-accent">
        {notice}
      </p>
    </section>
  );
}
