import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SessionExpiredScreen, useAuthEventBridge } from '../features/auth';
import { isNavHidden, NavBar } from '../features/navigation';
import { SiteFooter } from '../features/public-site';
import { AnnouncementBanner } from '../features/announcements';
import { ActivityTracking } from '../features/activity';
import { ConsoleAccessSync } from '../features/access';

export function RootLayout() {
  useAuthEventBridge();
  const { pathname } = useLocation();
  const fullScreen = isNavHidden(pathname);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavBar />
      <AnnouncementBanner />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {!fullScreen && <SiteFooter />}
      <SessionExpiredScreen />
      <ActivityTracking />
      <ConsoleAccessSync />
      {/* Every full page load starts with the key "default"; keying those by path stops one page's scroll leaking into another. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}
