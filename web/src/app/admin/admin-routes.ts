import { type RouteObject } from 'react-router-dom';
import { type AdminScreenRoutes } from '../route-tree';
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

/** Both, as the route tree takes them (`route-tree.tsx`). */
export const adminScreenRoutes: AdminScreenRoutes = {
  screens: adminRoutes,
  entryIdScreens: singleSegmentScreenRoutes,
};
