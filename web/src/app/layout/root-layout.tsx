import { useEffect } from 'react';
import {
  Outlet,
  ScrollRestoration,
  type UIMatch,
  useMatches,
  useNavigation,
} from 'react-router-dom';
import { PageLoading } from '../../components/ui/page';
import { ROUTE_IDS } from '../route-ids';
import { AdminFrame } from './admin-frame';
import { DemoShopBanner } from './demo-shop-banner';
import { DocumentHead } from './document-head';
import { ScrollToHash } from './scroll-to-hash';
import { SiteShell } from './site-shell';
import './layout.css';

/** A bar at the top while the next page's code or data loads. */
function RouteProgress({ busy }: { busy: boolean }) {
  return <div className="route-progress" data-active={busy || undefined} aria-hidden="true" />;
}

/**
 * The root layout route: what every page shares whatever its shell (the public site's header and
 * footer, or the admin area's): the progress bar, the demo shop's notice, scroll restoration,
 * scrolling to `#hash` and the document head; `<html data-hydrated>` once the app runs.
 */
export function RootLayout() {
  const navigation = useNavigation();
  // Marks the document once the app has hydrated it (or rendered it): what tests and the bench wait for.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <RouteProgress busy={navigation.state !== 'idle'} />
      <DemoShopBanner />
      <Outlet />
      <ScrollRestoration />
      <ScrollToHash />
      <DocumentHead />
    </>
  );
}

const ADMIN_AREA_IDS: ReadonlySet<string> = new Set([
  ROUTE_IDS.adminArea,
  ROUTE_IDS.entryIdAdminArea,
]);

/**
 * Whether the first page is an admin screen, as far as the router knows yet: its routes pass through
 * the admin area, or they end at the `/:id` gate. The browser's router starts without the admin area
 * (`browser-router.tsx`) and, until it has loaded it, matches an admin address (`/setting`,
 * `/admin/audit`) to the gate only; the public pages the server did not render (`/dashboard`,
 * `/pay-now/:id`) it matches whole. (An unknown address is rendered by the server: not here.)
 */
function isAdminAddress(matches: readonly UIMatch[]): boolean {
  return (
    matches.at(-1)?.id === ROUTE_IDS.entryId ||
    matches.some((match) => ADMIN_AREA_IDS.has(match.id))
  );
}

/** Rendered while the first page's code loads, in the shell that page will have. */
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
