import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LIMITS } from '@vt/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Logo } from '../../../components/ui/logo';
import { useStore } from '../../../lib/store';
import { askedReturnTo, authErrorStore, returnToFrom, signOut, startSignIn, useSession } from '../../auth';
import { accountLinksFor, isNavHidden, navLinksFor, type NavLink as NavItem } from '../nav-links';
import { useScrolledPast } from '../use-scrolled';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-fg bg-raised' : 'text-muted hover:text-fg hover:bg-raised/70',
  );

/** A list of page links, the current page's marked (NavLink's aria-current and a raised background). */
function PageLinks({
  links,
  className,
  linkClassName,
}: {
  links: NavItem[];
  className: string;
  linkClassName?: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} className={(state) => cx(linkClass(state), linkClassName)}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function Shell({ compact, children }: { compact: boolean; children: React.ReactNode }) {
  return (
    <header
      data-compact={compact}
      className={cx(
        // Above the announcement banner (z-50, later in the page), so the phone menu opens over it, not under it.
        'sticky top-0 z-[51] border-b transition-[background-color,border-color,padding] duration-300',
        compact ? 'border-line bg-bg/90 backdrop-blur-md' : 'border-transparent bg-bg',
      )}
    >
      <nav
        aria-label="Main"
        className={cx('mx-auto flex max-w-6xl items-center gap-4 px-5 sm:px-8', compact ? 'h-14' : 'h-18')}
      >
        {children}
      </nav>
    </header>
  );
}

/** The site navigation bar (R-SITE-2). */
export function NavBar() {
  const location = useLocation();
  const compact = useScrolledPast(LIMITS.navScrollThresholdPx);
  const authError = useStore(authErrorStore);
  const { user, isAuthenticated, isLoading } = useSession();
  // The menu belongs to the page it was opened on, so it closes by itself on navigation.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  if (isNavHidden(location.pathname)) return null;

  const home = (
    <Link to="/" className="rounded-md" aria-label="Vision Terminal home">
      <Logo compact={compact} />
    </Link>
  );

  // After a sign-in error the bar says in words what happened and offers the ways out: sign in again, or clear
  // the stale sign-in state (the spec's Auth Error and Clear Cache).
  if (authError) {
    return (
      <>
        <Shell compact={compact}>
          {home}
          <div className="ml-auto flex items-center gap-3">
            <span className="text-sm font-semibold text-warm">Auth Error</span>
            <a
              href="/clear-auth0.html?auto"
              className="rounded-md px-3 py-2 text-sm font-medium text-accent underline hover:text-accent-strong"
            >
              Clear Cache
            </a>
          </div>
        </Shell>
        <div role="alert" className="border-b border-warm/50 bg-warm/10" data-testid="auth-error-message">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3 text-sm sm:px-8">
            <p className="min-w-0 flex-1 basis-64 text-fg">
              <strong className="font-semibold">Sign-in did not finish.</strong> {authErrorText(authError)}
            </p>
            <button
              type="button"
              onClick={() => {
                authErrorStore.set(null);
                startSignIn(returnToFrom(location));
              }}
              className="rounded-md border border-line bg-raised px-3 py-1.5 font-semibold hover:border-accent/60"
            >
              Sign in again
            </button>
          </div>
        </div>
      </>
    );
  }

  const links = navLinksFor(isAuthenticated);
  const signIn = () => startSignIn(askedReturnTo(location.state, returnToFrom(location)));
  const doSignOut = () => {
    setSigningOut(true);
    void signOut();
  };

  const accountLinks = user ? accountLinksFor(user.role) : [];
  const launch = isAuthenticated && (
    <ButtonLink to="/access-ai" variant="warm" size="sm">
      Launch VT
    </ButtonLink>
  );
  // The phone menu lists the account links itself, so there the avatar is only a picture.
  const account = (withMenu: boolean) =>
    isLoading ? (
      <span className="h-9 w-20 rounded-lg bg-raised motion-safe:animate-pulse" aria-hidden="true" />
    ) : user ? (
      <>
        {withMenu ? (
          <AccountMenu name={user.name} email={user.email} picture={user.picture} links={accountLinks} />
        ) : (
          <Avatar name={user.name} email={user.email} picture={user.picture} />
        )}
        <Button variant="secondary" size="sm" onClick={doSignOut} disabled={signingOut}>
          Sign Out
        </Button>
      </>
    ) : (
      <Button size="sm" onClick={signIn}>
        Sign In
      </Button>
    );

  return (
    <Shell compact={compact}>
      {home}
      <PageLinks links={links} className="ml-6 hidden items-center gap-1 md:flex" />
      <div className="ml-auto hidden items-center gap-3 md:flex">
        {launch}
        {account(true)}
      </div>

      <button
        type="button"
        className="ml-auto inline-flex size-10 items-center justify-center rounded-lg border border-line text-fg md:hidden"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="absolute inset-x-0 top-full border-b border-line bg-surface px-5 pt-2 pb-5 shadow-xl md:hidden"
      >
        <PageLinks links={links} className="flex flex-col gap-1" linkClassName="block py-3 text-base" />
        {accountLinks.length > 0 && (
          <div role="group" aria-label="Your account" className="mt-3 border-t border-line pt-3">
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">Your account</p>
            <PageLinks
              links={accountLinks.filter((link) => link.to !== '/dashboard')}
              className="grid grid-cols-2 gap-1"
              linkClassName="block py-2.5"
            />
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-line pt-4">
          {launch}
          {user && <span className="mr-auto truncate text-sm text-muted">{user.email}</span>}
          {account(false)}
        </div>
      </div>
    </Shell>
  );
}

/**
 * The avatar opens the signed-in menu: every page of the signed-in app, one click away. A disclosure (button +
 * list of links) rather than an ARIA menu, so links behave as links; Escape or a click elsewhere closes it, and
 * it closes by itself on navigation.
 */
function AccountMenu({
  name,
  email,
  picture,
  links,
}: {
  name: string;
  email: string;
  picture: string | null;
  links: NavItem[];
}) {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    root.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`Your account: ${name}`}
        onClick={() => setOpenOn(open ? null : location.pathname)}
        className="flex items-center gap-2 rounded-lg p-1 pr-2 hover:bg-raised/70"
      >
        <Avatar name={name} email={email} picture={picture} />
        <span className="hidden max-w-40 truncate text-sm font-medium text-fg lg:inline" data-testid="nav-user-name">
          {name}
        </span>
        <svg viewBox="0 0 20 20" className="size-4 text-muted" aria-hidden="true" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5z" />
        </svg>
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-60 rounded-xl border border-line bg-surface p-2 shadow-xl"
      >
        <p className="truncate px-3 pt-1 pb-2 text-xs text-muted">{email}</p>
        <PageLinks links={links} className="flex flex-col" linkClassName="block" />
      </div>
    </div>
  );
}

/** What went wrong at sign-in, in words: the server's own sentence, else one per known code. */
export function authErrorText(error: { error: string; description: string | null }): string {
  if (error.description) return error.description;
  switch (error.error) {
    case 'access_denied':
      return 'The sign-in was cancelled or refused at the provider. Sign in again to continue.';
    case 'login_mismatch':
      return 'The sign-in was started in another window or at another address of this site. Sign in again from here.';
    case 'login_expired':
      return 'The sign-in took too long or was already used. Sign in again.';
    default:
      return `The sign-in provider reported “${error.error}”. Sign in again; if it keeps happening, use Clear Cache.`;
  }
}
