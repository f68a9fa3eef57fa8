/** Links of the navigation bar (R-SITE-2): the first three always, the rest only when signed in. */
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

/**
 * The signed-in menu (the avatar, and the phone menu): every page of the signed-in app one click away, so data
 * export and account deletion (Settings) are never hidden. The founder also gets Admin.
 */
export function accountLinksFor(role: string): NavLink[] {
  return [
    { to: '/dashboard', label: 'Dashboard' },
    { to: '/access-ai', label: 'Analyse a photo' },
    { to: '/map', label: 'Map' },
    { to: '/trips', label: 'Trips' },
    { to: '/analysis-history', label: 'Analysis history' },
    { to: '/location-history', label: 'Location history' },
    { to: '/verify', label: 'Verify a file' },
    { to: '/settings', label: 'Settings' },
    ...(role === 'founder' ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
}

/** The bar disappears on the full-screen map (R-SITE-3). */
export function isNavHidden(pathname: string): boolean {
  return pathname === '/map' || pathname.startsWith('/map/');
}

/** Compact once the page is scrolled more than the threshold (20 px). */
export function isCompact(scrollY: number, thresholdPx: number): boolean {
  return scrollY > thresholdPx;
}
