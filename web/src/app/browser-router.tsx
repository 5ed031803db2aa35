import { useState } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  matchRoutes,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom';
import { ROUTE_IDS } from './route-ids';
import { adminAreaRoutes, siteRoutes } from './route-tree';

/**
 * The browser's routes: the public and customer pages and the `/:id` gate. The admin area (and the
 * admin screen registry it is generated from: every content section's definition) is left out of
 * the public pages' first load and added when an address needs it (`discoverAdminArea`).
 */
export const browserRoutes: RouteObject[] = siteRoutes();

/**
 * Where an admin address lands while the router does not know the admin area: `/:id` (any address's
 * first segment) or "Page not found". Other partial matches (`/pay-now/:id/…`) are not the admin's.
 */
const ADMIN_LANDING_IDS: ReadonlySet<string> = new Set([ROUTE_IDS.entryId, ROUTE_IDS.notFound]);

/**
 * The router's `patchRoutesOnNavigation`: React Router asks it about an address that matches no
 * route, or only a route with parameters (`/:id` and `*` match any address, so every address not
 * of the public site), with the routes it matches so far. When those end where an admin address
 * lands, the admin area's routes are loaded (once: the chunk is cached) and added under the root
 * and under the `/:id` gate (the about editor), and the router matches again. Patching again is
 * harmless: the router skips a route whose id it has already.
 */
export const discoverAdminArea: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  const deepest = matches.at(-1)?.route.id;
  if (deepest === undefined || !ADMIN_LANDING_IDS.has(deepest)) return;
  const { adminScreenRoutes } = await import('./admin/admin-routes');
  const area = adminAreaRoutes(adminScreenRoutes);
  patch(ROUTE_IDS.root, [area.underRoot]);
  patch(ROUTE_IDS.entryId, [area.underEntryId]);
};

/**
 * Loads the code of the browser's routes matching `pathname` before a server-rendered page
 * hydrates: with a lazy route left, the router would first render its HydrateFallback, which is not
 * what the server sent. (A server-rendered page is a public one: the browser's routes have it.)
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(browserRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * The browser router, created once on mount (never at module load). `hydrationData` is the server's
 * router state when it rendered the page.
 */
export function AppRouter({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() =>
    createBrowserRouter(browserRoutes, {
      hydrationData,
      patchRoutesOnNavigation: discoverAdminArea,
    }),
  );
  return <RouterProvider router={router} />;
}
