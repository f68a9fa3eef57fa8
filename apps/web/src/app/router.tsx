import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import { RequireAuth } from '../features/auth';
import { RequireMapAccess } from '../features/access';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of spec 1 §2 (and spec 2's /map, /access-ai). Pages load lazily so the public site
 * never pulls code that only signed-in screens need (the map above all).
 */

/** Pages that later work replaces: title and purpose for the "being built" stand-in. */
const BEING_BUILT: Array<{ path: string; title: string; purpose: string }> = [
  {
    path: 'location-history',
    title: 'Location History',
    purpose: 'The places from your analyses over time, with coordinates and sources.',
  },
  { path: 'projects', title: 'Projects', purpose: 'Group analyses and places into projects.' },
  { path: 'analytics', title: 'Analytics', purpose: 'Your usage over time: analyses, places and API calls.' },
  {
    path: 'dev-tools',
    title: 'Developer Tools',
    purpose: 'Diagnostics for the analysis engine and the API, for console-access users.',
  },
  {
    path: 'founder-dashboard',
    title: 'Founder Dashboard',
    purpose: 'Service-wide figures for the founder: users, activity and system health.',
  },
  { path: 'railway', title: 'Deployment', purpose: 'Deployment and runtime information for operators.' },
  {
    path: 'database',
    title: 'Database',
    purpose: 'Database statistics: users, analyses, locations, images, notifications and feedback.',
  },
];

const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Component }),
});

const beingBuiltRoutes: RouteObject[] = BEING_BUILT.map(({ path, title, purpose }) => ({
  path,
  lazy: async () => {
    const { BeingBuilt } = await import('./routes/being-built');
    return { Component: () => <BeingBuilt title={title} purpose={purpose} /> };
  },
}));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'products', ...page(() => import('./routes/products')) },
      { path: 'pricing', ...page(() => import('./routes/pricing')) },
      { path: 'terms', ...page(() => import('./routes/terms')) },
      { path: 'privacy', ...page(() => import('./routes/privacy')) },
      { path: 'terms-acceptance', ...page(() => import('./routes/terms-acceptance')) },
      { path: 'about', ...page(() => import('./routes/about')) },
      { path: 'contact', ...page(() => import('./routes/contact')) },
      { path: 'docs', ...page(() => import('./routes/docs')) },
      { path: 'support', ...page(() => import('./routes/support')) },
      { path: 'status', ...page(() => import('./routes/status')) },
      { path: 'test-map', ...page(() => import('./routes/test-map')) },
      // The old vendor-named path keeps working (decisions §3); /auth-debug is the neutral alias.
      { path: 'auth0-debug', ...page(() => import('./routes/auth-debug')) },
      { path: 'auth-debug', ...page(() => import('./routes/auth-debug')) },
      {
        element: <RequireAuth loadingLabel="Loading dashboard..." />,
        children: [{ path: 'dashboard', ...page(() => import('./routes/dashboard')) }],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'access-ai', ...page(() => import('./routes/access-ai')) },
          // The map portal needs map access from a code (spec 2 §2); without it, /access-ai explains.
          { element: <RequireMapAccess />, children: [{ path: 'map', ...page(() => import('./routes/map')) }] },
          { path: 'analysis-history', ...page(() => import('./routes/analysis-history')) },
          { path: 'settings', ...page(() => import('./routes/settings')) },
          { path: 'admin', ...page(() => import('./routes/admin')) },
          ...beingBuiltRoutes,
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
