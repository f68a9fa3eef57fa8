import { PLAN_TIERS } from '@vt/shared';

export type PlanId = (typeof PLAN_TIERS)[number]['id'];

export function isPlanId(value: string | null): value is PlanId {
  return PLAN_TIERS.some((plan) => plan.id === value);
}

/**
 * The plan cards are hidden from users (R-SITE-5). They show with `?plans=1`, a build-time
 * VITE_SHOW_PLANS, or when the visitor comes back from sign-in with a selected plan.
 */
export function plansVisible(search: string, envFlag: string | undefined): boolean {
  const params = new URLSearchParams(search);
  if (params.get('plans') === '1' || params.get('plans') === 'true') return true;
  if (isPlanId(params.get('plan'))) return true;
  return envFlag === '1' || envFlag === 'true';
}

/** Where sign-in returns a signed-out visitor who picked a plan (R-SITE-6). */
export function pricingReturnPath(planId: PlanId): string {
  return `/pricing?plan=${encodeURIComponent(planId)}`;
}
