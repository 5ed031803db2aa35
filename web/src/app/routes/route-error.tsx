import { lazy, Suspense } from 'react';
import { SiteShell } from '../layout/site-shell';

/** The error page's code: no part of a page's first load, loaded when a page fails. */
const RouteErrorPage = lazy(async () => ({
  default: (await import('./route-error-page')).RouteErrorPage,
}));

/** Shown when a page fails to load or render (e.g. its code chunk is gone after a deploy). */
export function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}

/** `RouteError` in the public site's header and footer (where no shell around it is left). */
export function PublicRouteError() {
  return (
    <SiteShell>
      <RouteError />
    </SiteShell>
  );
}
