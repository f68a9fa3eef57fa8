/** Links of the navigation bar (spec 1 §2): the first three always, the rest only when signed in. */
export type NavLink = { to: string; label: string };

const PUBLIC_LINKS: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/pricing', label: 'Pricing' },
];

const SIGNED_IN_LINKS: NavLink[] = [{ to: '/dashboard', label: 'Dashboard' }];

export function navLinksFor(signedIn: boolean): NavLink[] {
  return signedIn ? [...PUBLIC_LINKS, ...SIGNED_IN_LINKS] : PUBLIC_LINKS;
}

/** The bar disappears on the full-screen map (spec 1 §2). */
export function isNavHidden(pathname: string): boolean {
  return pathname === '/map' || pathname.startsWith('/map/');
}

/** Compact once the page is scrolled more than the threshold (20 px). */
export function isCompact(scrollY: number, thresholdPx: number): boolean {
  return scrollY > thresholdPx;
}
