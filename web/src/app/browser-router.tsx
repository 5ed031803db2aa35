import { useState } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  matchRoutes,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom';
import { siteRoutes } from './route-tree';

/**
 * The browser's first routes: the public pages the server renders and the `/:id` gate. The pages
 * the browser alone renders (account, links of e-mails) and the admin area (and the admin screen
 * registry it is generated from: every content section's definition) are left out of the public
 * pages' first load, with the list of their chunks, and added when an address needs them
 * (`discoverRoutes`).
 */
export const browserRoutes: RouteObject[] = siteRoutes();

/** The router's `patchRoutesOnNavigation`: `route-discovery.ts`, loaded when first asked. */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async (args) =>
  (await import('./route-discovery')).discoverRoutes(args);

/**
 * The routes of a page the browser renders from the start (the server sent the SPA shell), loaded
 * before it renders: `browserRoutes` with the pages the browser alone renders (see
 * `clientRenderedRoutes`).
 */
export async function loadClientRenderedRoutes(): Promise<RouteObject[]> {
  return (await import('./route-discovery')).clientRenderedRoutes();
}

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
 * The browser router, created once on mount (never at module load), with `routes` (`browserRoutes`
 * for a server-rendered page). `hydrationData` is the server's router state when it rendered the
 * page.
 */
export function AppRouter({
  routes,
  hydrationData,
}: {
  routes: RouteObject[];
  hydrationData?: HydrationState;
}) {
  const [router] = useState(() =>
    createBrowserRouter(routes, { hydrationData, patchRoutesOnNavigation: discoverRoutes }),
  );
  return <RouterProvider router={router} />;
}
