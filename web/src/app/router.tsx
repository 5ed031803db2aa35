import { type RouteObject } from 'react-router-dom';
import { adminAreaRoutes } from './admin/admin-routes';
import { clientPagesRoute } from './client-pages';
import { siteRoutes } from './route-tree';

/**
 * Every route of the site, the pages the browser alone renders and the admin area's included: what
 * the server renders with (it must know that such an address is a page of the browser's, not an
 * unknown one). The browser starts without them, so that the public pages' first load leaves out
 * their routes (and the admin screen registry), and adds them when an address needs them
 * (`browser-router.tsx`).
 */
export const routes: RouteObject[] = siteRoutes({
  clientPages: clientPagesRoute(),
  admin: adminAreaRoutes(),
});
