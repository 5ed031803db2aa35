import { type RouteObject } from 'react-router-dom';
import { ROUTE_IDS } from '../route-ids';
import { type AdminAreaRoutes } from '../route-tree';
import { PublicRouteError, RouteError } from '../routes/route-error';
import { type AdminRouteHandle, type AdminScreen } from './admin-screen';
import { ADMIN_SCREENS, isSingleSegmentScreen, screenRoutePattern } from './admin-screens';

const handleOf = (screen: AdminScreen): AdminRouteHandle => ({ adminScreen: screen.id });

function screenRoute(screen: AdminScreen): RouteObject {
  return { path: screenRoutePattern(screen), lazy: screen.load, handle: handleOf(screen) };
}

/**
 * The admin area's routes, one per screen of the registry that the SPA renders (not the server's
 * pages, not the `/{id}` about editor, which sits behind the id gate: `singleSegmentScreenRoutes`).
 */
export const adminRoutes: RouteObject[] = ADMIN_SCREENS.filter(
  (screen) => screen.load && !isSingleSegmentScreen(screen),
).map(screenRoute);

const singleSegmentScreen = ADMIN_SCREENS.find(isSingleSegmentScreen);

/** The `/{id}` about editor, as the index route under the id gate (none if no section uses it). */
export const singleSegmentScreenRoutes: RouteObject[] = singleSegmentScreen
  ? [{ index: true, lazy: singleSegmentScreen.load, handle: handleOf(singleSegmentScreen) }]
  : [];

/**
 * The admin shell (for admins; the guards' answers for everyone else) around `screens`. An error in a
 * screen shows inside the shell; one loading the shell itself, inside the public site's.
 */
function adminArea(id: string, screens: RouteObject[]): RouteObject {
  return {
    id,
    lazy: async () => ({ Component: (await import('../layout/admin-area')).AdminArea }),
    ErrorBoundary: PublicRouteError,
    children: [{ ErrorBoundary: RouteError, children: screens }],
  };
}

/**
 * The admin area's routes as the route tree takes them (`route-tree.tsx`): its shell around the
 * screens, under the root and under the `/:id` gate.
 */
export function adminAreaRoutes(): AdminAreaRoutes {
  return {
    underRoot: adminArea(ROUTE_IDS.adminArea, adminRoutes),
    underEntryId: adminArea(ROUTE_IDS.entryIdAdminArea, singleSegmentScreenRoutes),
  };
}
