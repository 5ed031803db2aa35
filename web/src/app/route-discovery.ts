/**
 * The routes the browser's router starts without (`browser-router.tsx`), in a chunk of their own
 * that the public pages' first load leaves out: the pages the browser alone renders, and the way to
 * the admin area.
 */
import {
  matchRoutes,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router-dom';
import { clientPagesRoute } from './client-pages';
import { RootHydrateFallback } from './layout/root-hydrate-fallback';
import { ROUTE_IDS } from './route-ids';
import { siteRoutes } from './route-tree';

/**
 * Where an admin address lands while the router does not know the admin area: `/:id` (any address's
 * first segment) or "Page not found". Other partial matches (`/pricing/…`) are not the admin's.
 */
const ADMIN_LANDING_IDS: ReadonlySet<string> = new Set([ROUTE_IDS.entryId, ROUTE_IDS.notFound]);

/**
 * The router's `patchRoutesOnNavigation` (through `browser-router.tsx`): React Router asks it about
 * an address that matches no route, or only a route with parameters (`/:id` and `*` match any
 * address, so every address not of the public pages the server renders), with the routes it matches
 * so far. The pages the browser alone renders are added under the public site's (a small group);
 * when the address is none of them and the routes matched so far end where an admin address lands,
 * the admin area's routes are loaded (once: the chunk is cached) and added under the root and under
 * the `/:id` gate (the about editor). The router then matches again. Patching again is harmless: the
 * router skips a route whose id it has already.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  const clientPages = clientPagesRoute();
  patch(ROUTE_IDS.pages, [clientPages]);
  if (matchRoutes([clientPages], path)) return;
  const deepest = matches.at(-1)?.route.id;
  if (deepest === undefined || !ADMIN_LANDING_IDS.has(deepest)) return;
  const { adminAreaRoutes } = await import('./admin/admin-routes');
  const area = adminAreaRoutes();
  patch(ROUTE_IDS.root, [area.underRoot]);
  patch(ROUTE_IDS.entryId, [area.underEntryId]);
};

/**
 * The routes of a page the browser renders from the start (the server sent the SPA shell): the
 * public pages' and the pages the browser alone renders, so that the router matches one of those
 * whole at once, and the frame to show while the page's code loads (the site's, or the admin area's
 * for an address it does not know yet). The admin area still comes with `discoverRoutes`.
 */
export function clientRenderedRoutes(): RouteObject[] {
  return siteRoutes({ clientPages: clientPagesRoute(), hydrateFallback: RootHydrateFallback });
}
