import {
  matchRoutes,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
} from 'react-router-dom';
import { PageLoading } from '../../components/ui/page';
import { adminRoutes } from '../admin/admin-routes';
import { AdminFrame } from './admin-frame';
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
 * footer, or the admin area's): the progress bar, scroll restoration, scrolling to `#hash` and
 * the document head.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      <RouteProgress busy={navigation.state !== 'idle'} />
      <Outlet />
      <ScrollRestoration />
      <ScrollToHash />
      <DocumentHead />
    </>
  );
}

/** Rendered while the first page's code loads, in the shell that page will have. */
export function RootHydrateFallback() {
  const location = useLocation();
  const isAdminScreen = (matchRoutes(adminRoutes, location)?.length ?? 0) > 0;
  return (
    <>
      <RouteProgress busy />
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
