import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { DemoShopBanner } from './demo-shop-banner';
import { DocumentHead } from './document-head';
import { ScrollToHash } from './scroll-to-hash';
import './layout.css';

/** A bar at the top while the next page's code or data loads. */
export function RouteProgress({ busy }: { busy: boolean }) {
  return <div className="route-progress" data-active={busy || undefined} aria-hidden="true" />;
}

/**
 * The root layout route: what every page shares whatever its shell (the public site's header and
 * footer, or the admin area's): the progress bar, the demo shop's notice, scroll restoration,
 * scrolling to `#hash` and the document head.
 */
export function RootLayout() {
  const navigation = useNavigation();
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

/**
 * What the first page shows while its code loads (a page the server did not render): its own code,
 * no part of the server-rendered pages' first load.
 */
const HydrateFallback = lazy(async () => ({
  default: (await import('./root-hydrate-fallback')).RootHydrateFallback,
}));

export function RootHydrateFallback() {
  return (
    <Suspense fallback={null}>
      <HydrateFallback />
    </Suspense>
  );
}
