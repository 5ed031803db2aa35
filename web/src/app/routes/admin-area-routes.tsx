import { type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PAGE } from '../../lib/seo/site-page';
import { type PageRouteHandle } from '../page-handle';
import { ROUTE_IDS } from '../route-ids';
import { PublicRouteError, RouteError } from './route-error';

/**
 * The admin shell (for admins; the guards' answers for everyone else) around `screens`. An error in a
 * screen shows inside the shell; one loading the shell itself, inside the public site's.
 */
export function adminArea(id: string, screens: RouteObject[]): RouteObject {
  return {
    id,
    lazy: async () => ({ Component: (await import('../layout/admin-area')).AdminArea }),
    ErrorBoundary: PublicRouteError,
    children: [{ ErrorBoundary: RouteError, children: screens }],
  };
}

/**
 * `/:id`, the about editor: outside the guards, so that any other one-segment address is
 * "Page not found" for everybody (not a trip to /login); an entry id gets the admin's editor, in
 * `children` (none until the browser has loaded the admin area).
 */
export function contentEntryIdRoute(children?: RouteObject[]): RouteObject {
  return {
    id: ROUTE_IDS.entryId,
    path: ':id',
    handle: {
      page: NOT_FOUND_PAGE,
      module: 'src/app/routes/content-entry-id.tsx',
      entryIdGate: true,
    } satisfies PageRouteHandle,
    lazy: async () => ({ Component: (await import('./content-entry-id')).ContentEntryIdGate }),
    ...(children && { children }),
  };
}
