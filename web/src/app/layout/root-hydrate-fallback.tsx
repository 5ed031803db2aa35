import { type UIMatch, useMatches } from 'react-router-dom';
import { PageLoading } from '../../components/ui/page';
import { ROUTE_IDS } from '../route-ids';
import { AdminFrame } from './admin-frame';
import { DemoShopBanner } from './demo-shop-banner';
import { RouteProgress } from './root-layout';
import { SiteShell } from './site-shell';

const ADMIN_AREA_IDS: ReadonlySet<string> = new Set([
  ROUTE_IDS.adminArea,
  ROUTE_IDS.entryIdAdminArea,
]);

/**
 * Whether the first page is an admin screen, as far as the router knows yet: its routes pass through
 * the admin area, or they end at the `/:id` gate. The browser's router starts without the admin area
 * (`browser-router.tsx`) and, until it has loaded it, matches an admin address (`/setting`,
 * `/admin/audit`) to the gate only; the public pages the server did not render (`/dashboard`,
 * `/pay-now/:id`) it matches whole (a page the browser renders starts with their routes). (An
 * unknown address is rendered by the server: not here.)
 */
function isAdminAddress(matches: readonly UIMatch[]): boolean {
  return (
    matches.at(-1)?.id === ROUTE_IDS.entryId ||
    matches.some((match) => ADMIN_AREA_IDS.has(match.id))
  );
}

/**
 * Rendered while the first page's code loads, in the shell that page will have: the root route's
 * `HydrateFallback` on a page the browser renders from the start (`route-discovery.ts`). A page the
 * server rendered has its routes' code loaded before it hydrates (`loadMatchedRoutes`) and never
 * shows it, so the public pages' first load leaves it out.
 */
export function RootHydrateFallback() {
  const isAdminScreen = isAdminAddress(useMatches());
  return (
    <>
      <RouteProgress busy />
      <DemoShopBanner />
      {isAdminScreen ? (
        <AdminFrame />
      ) : (
        <SiteShell>
          <PageLoading />
        </SiteShell>
      )}
    </>
  );
}
