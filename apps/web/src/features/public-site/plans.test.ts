import { describe, expect, it } from 'vitest';
import { isPlanId, plansVisible, pricingReturnPath } from './plans';

describe('plansVisible', () => {
  it('is hidden by default', () => {
    expect(plansVisible('', undefined)).toBe(false);
    expect(plansVisible('?plans=0', '0')).toBe(false);
  });
  it('shows with ?plans=1 or the build flag', () => {
    expect(plansVisible('?plans=1', undefined)).toBe(true);
    expect(plansVisible('', 'true')).toBe(true);
  });
  it('shows when returning with a known plan, not an unknown one', () => {
    expect(plansVisible('?plan=professional', undefined)).toBe(true);
    expect(plansVisible('?plan=gold', undefined)).toBe(false);
  });
});

describe('pricingReturnPath', () => {
  it('is /pricing plus the selected plan', () => {
    expect(pricingReturnPath('starter')).toBe('/pricing?plan=starter');
  });
});

describe('isPlanId', () => {
  it('knows the three tiers', () => {
    expect(['starter', 'professional', 'enterprise', 'free', null].map(isPlanId)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
