import { describe, expect, it } from 'vitest';
import { LIMITS } from '@vt/shared';
import { accountLinksFor, isCompact, isNavHidden, navLinksFor } from './nav-links';

describe('navLinksFor', () => {
  it('shows Home, Products and Pricing to everyone', () => {
    expect(navLinksFor(false).map((l) => l.label)).toEqual(['Home', 'Products', 'Pricing']);
  });
  it('adds Dashboard when signed in', () => {
    expect(navLinksFor(true).map((l) => l.to)).toEqual(['/', '/products', '/pricing', '/dashboard']);
  });
});

describe('accountLinksFor', () => {
  it('leads a user to every signed-in page, Settings, trips and both histories included', () => {
    expect(accountLinksFor('user').map((l) => l.to)).toEqual([
      '/dashboard',
      '/access-ai',
      '/map',
      '/trips',
      '/analysis-history',
      '/location-history',
      '/verify',
      '/settings',
    ]);
  });
  it('adds Admin for the founder only', () => {
    expect(accountLinksFor('founder').at(-1)).toEqual({ to: '/admin', label: 'Admin' });
    expect(accountLinksFor('user').some((l) => l.to === '/admin')).toBe(false);
  });
});

describe('isNavHidden', () => {
  it.each([
    ['/map', true],
    ['/map/', true],
    ['/mapping', false],
    ['/test-map', false],
    ['/', false],
  ])('%s → %s', (path, hidden) => expect(isNavHidden(path)).toBe(hidden));
});

describe('isCompact', () => {
  it('switches only after more than 20 px', () => {
    expect(isCompact(20, LIMITS.navScrollThresholdPx)).toBe(false);
    expect(isCompact(21, LIMITS.navScrollThresholdPx)).toBe(true);
  });
});
