import { type RouteObject } from 'react-router-dom';
import { adminScreenRoutes } from './admin/admin-routes';
import { siteRoutes } from './route-tree';

/**
 * Every route of the site, the admin area's included: what the server renders with (it must know
 * that an admin address is a page of the browser's, not an unknown one). The browser starts without
 * the admin area, so that the public pages' first load leaves out the admin screen registry, and
 * adds it when an address needs it (`browser-router.tsx`).
 */
export const routes: RouteObject[] = siteRoutes(adminScreenRoutes);
