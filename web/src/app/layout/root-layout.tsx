import { useEffect } from 'react';
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
