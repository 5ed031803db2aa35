import { type ComponentType } from 'react';
import { type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PAGE, type SitePage } from '../lib/seo/site-page';
import { RootLayout } from './layout/root-layout';
import { PublicLayout } from './layout/site-shell';
import { type PageRouteHandle } from './page-handle';
import { ROUTE_IDS } from './route-ids';
import { RouteError } from './routes/route-error';

/** `/contact` and `/contact-us` are the same page. */
const contactPage = async () => ({ Component: (await import('./routes/contact')).ContactRoute });

/** A server-rendered page's route handle: which page it is, and its module (see `PageRouteHandle`). */
const sitePage = (page: SitePage, route: string): PageRouteHandle => ({
  page,
  module: `src/app/routes/${route}.tsx`,
});

/** The admin area's routes (`admin/admin-routes.ts`): its shell around the screens. */
export interface AdminAreaRoutes {
  /** Every screen but the about editor, under the root. */
  underRoot: RouteObject;
  /** The `/{id}` about editor, under the `/:id` gate. */
  underEntryId: RouteObject;
}

/**
 * What `siteRoutes` adds to the pages the server renders: the routes the browser leaves out of its
 * first ones and adds when an address needs them (`route-discovery.ts`), and the root's fallback.
 */
export interface SiteRoutesParts {
  /** The pages the browser alone renders (`client-pages.tsx`), under the public site's. */
  clientPages?: RouteObject;
  admin?: AdminAreaRoutes;
  /**
   * The root route's `HydrateFallback`, what a page the browser renders from the start shows while
   * its code loads (`layout/root-hydrate-fallback.tsx`). The server renders every page whole, and a
   * page it rendered hydrates once its code is there (`loadMatchedRoutes`): neither needs one.
   */
  hydrateFallback?: ComponentType;
}

/**
 * `/:id`, the about editor: outside the guards, so that any other one-segment address is
 * "Page not found" for everybody (not a trip to /login); an entry id gets the admin's editor, in
 * `children` (none until the browser has loaded the admin area).
 */
function contentEntryIdRoute(children?: RouteObject[]): RouteObject {
  return {
    id: ROUTE_IDS.entryId,
    path: ':id',
    handle: {
      page: NOT_FOUND_PAGE,
      module: 'src/app/routes/content-entry-id.tsx',
      entryIdGate: true,
    } satisfies PageRouteHandle,
    lazy: async () => ({
      Component: (await import('./routes/content-entry-id')).ContentEntryIdGate,
    }),
    ...(children && { children }),
  };
}

/**
 * The routes of the site, new objects on each call (a router's lazy routes are resolved in place).
 * Pages are lazy-loaded so each one is its own chunk. The public and customer pages share the site's
 * header and footer; the admin screens share the admin shell. This module has the pages the server
 * renders; the others come as `clientPages` and `admin`, which the server passes and the browser
 * leaves out until an address needs them (`browser-router.tsx`), so that the public pages' first
 * load has neither their routes nor the list of their chunks. Each group sits last among its
 * siblings or has an id (see `ROUTE_IDS`). Kept free of browser globals so a server renderer can
 * use it.
 */
export function siteRoutes({
  clientPages,
  admin,
  hydrateFallback,
}: SiteRoutesParts = {}): RouteObject[] {
  return [
    {
      id: ROUTE_IDS.root,
      Component: RootLayout,
      ...(hydrateFallback && { HydrateFallback: hydrateFallback }),
      ErrorBoundary: RouteError,
      children: [
        {
          id: ROUTE_IDS.site,
          Component: PublicLayout,
          children: [
            {
              // Errors inside a page render in this boundary, keeping the header and footer.
              id: ROUTE_IDS.pages,
              ErrorBoundary: RouteError,
              children: [
                {
                  index: true,
                  handle: sitePage('/', 'landing'),
                  lazy: async () => ({
                    Component: (await import('./routes/landing')).LandingRoute,
                  }),
                },
                { path: 'contact', handle: sitePage('/contact', 'contact'), lazy: contactPage },
                { path: 'contact-us', handle: sitePage('/contact', 'contact'), lazy: contactPage },
                {
                  path: 'thanks',
                  handle: sitePage('/thanks', 'thanks'),
                  lazy: async () => ({ Component: (await import('./routes/thanks')).ThanksRoute }),
                },
                {
                  path: 'pricing',
                  handle: sitePage('/pricing/', 'pricing'),
                  lazy: async () => ({
                    Component: (await import('./routes/pricing')).PricingRoute,
                  }),
                },
                {
                  path: 'service',
                  handle: sitePage('/service/', 'service'),
                  lazy: async () => ({
                    Component: (await import('./routes/service')).ServiceRoute,
                  }),
                },
                {
                  path: 'seo-check',
                  handle: sitePage('/seo-check', 'seo-check'),
                  lazy: async () => ({
                    Component: (await import('./routes/seo-check')).SeoCheckRoute,
                  }),
                },
                {
                  // Signed-in visitors are moved on from these (after a login, too).
                  handle: { module: 'src/app/routes/guards.ts' } satisfies PageRouteHandle,
                  lazy: async () => ({ Component: (await import('./routes/guards')).GuestOnly }),
                  children: [
                    {
                      path: 'login',
                      handle: sitePage('/login', 'login'),
                      lazy: async () => ({
                        Component: (await import('./routes/login')).LoginRoute,
                      }),
                    },
                    {
                      path: 'register',
                      handle: sitePage('/register', 'register'),
                      lazy: async () => ({
                        Component: (await import('./routes/register')).RegisterRoute,
                      }),
                    },
                  ],
                },
                {
                  id: ROUTE_IDS.notFound,
                  path: '*',
                  handle: sitePage(NOT_FOUND_PAGE, 'not-found'),
                  lazy: async () => ({
                    Component: (await import('./routes/not-found')).NotFoundRoute,
                  }),
                },
                ...(clientPages ? [clientPages] : []),
              ],
            },
          ],
        },
        // `/:id` (the about editor) shows "Page not found" for any other one-segment address.
        contentEntryIdRoute(admin && [admin.underEntryId]),
        // Admins only: every admin screen, in the admin shell.
        ...(admin ? [admin.underRoot] : []),
      ],
    },
  ];
}
