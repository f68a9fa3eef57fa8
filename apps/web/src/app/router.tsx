import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import { RequireAuth } from '../features/auth';
import { RequireMapAccess } from '../features/access';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every route of R-SITE-1, /map and /access-ai included. Pages load lazily so the public site
 * never pulls code that only signed-in screens need (the map above all).
 */

const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Component }),
});

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
      // The old vendor-named path keeps working (R-AUTH-6); /auth-debug is the neutral alias.
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
          // The map portal needs map access from a code (R-ACCESS-10); without it, /access-ai explains.
          { element: <RequireMapAccess />, children: [{ path: 'map', ...page(() => import('./routes/map')) }] },
          { path: 'analysis-history', ...page(() => import('./routes/analysis-history')) },
          { path: 'trips', ...page(() => import('./routes/trips')) },
          { path: 'trips/:id', ...page(() => import('./routes/trip')) },
          { path: 'settings', ...page(() => import('./routes/settings')) },
          { path: 'location-history', ...page(() => import('./routes/location-history')) },
          { path: 'verify', ...page(() => import('./routes/verify')) },
          { path: 'analytics', ...page(() => import('./routes/analytics')) },
          { path: 'founder-dashboard', ...page(() => import('./routes/founder-dashboard')) },
          { path: 'database', ...page(() => import('./routes/database')) },
          { path: 'dev-tools', ...page(() => import('./routes/dev-tools')) },
          { path: 'projects', ...page(() => import('./routes/projects')) },
          { path: 'railway', ...page(() => import('./routes/railway')) },
          { path: 'api-reference', ...page(() => import('./routes/api-reference')) },
          { path: 'admin', ...page(() => import('./routes/admin')) },
          { path: 'admin/reference', ...page(() => import('./routes/admin-reference')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
