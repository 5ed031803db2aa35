import { type RouteObject } from 'react-router-dom';
import { NOT_FOUND_PAGE, type SitePage } from '../lib/seo/site-page';
import { RootHydrateFallback, RootLayout } from './layout/root-layout';
import { PublicLayout } from './layout/site-shell';
import { type PageRouteHandle } from './page-handle';
import { ROUTE_IDS } from './route-ids';
import { adminArea, contentEntryIdRoute } from './routes/admin-area-routes';
import { RouteError } from './routes/route-error';

/** `/contact` and `/contact-us` are the same page. */
const contactPage = async () => ({ Component: (await import('./routes/contact')).ContactRoute });

/** A server-rendered page's route handle: which page it is, and its module (see `PageRouteHandle`). */
const sitePage = (page: SitePage, route: string): PageRouteHandle => ({
  page,
  module: `src/app/routes/${route}.tsx`,
});

/** The admin screens' routes (`admin/admin-routes.ts`), generated from the admin screen registry. */
export interface AdminScreenRoutes {
  /** Every screen but the about editor, under the root. */
  screens: RouteObject[];
  /** The `/{id}` about editor, under the `/:id` gate. */
  entryIdScreens: RouteObject[];
}

/** The admin area's routes: its shell around the screens, under the root and under the `/:id` gate. */
export function adminAreaRoutes(admin: AdminScreenRoutes): {
  underRoot: RouteObject;
  underEntryId: RouteObject;
} {
  return {
    underRoot: adminArea(ROUTE_IDS.adminArea, admin.screens),
    underEntryId: adminArea(ROUTE_IDS.entryIdAdminArea, admin.entryIdScreens),
  };
}

/**
 * The routes of the site, new objects on each call (a router's lazy routes are resolved in place).
 * Pages are lazy-loaded so each one is its own chunk. The public and customer pages share the site's
 * header and footer; the admin screens, with `admin`, share the admin shell. Without `admin`, the
 * tree has no admin area yet (the browser adds it when it is first needed: `browser-router.tsx`).
 * Kept free of browser globals so a server renderer can use it.
 */
export function siteRoutes(admin?: AdminScreenRoutes): RouteObject[] {
  const area = admin && adminAreaRoutes(admin);
  return [
    {
      id: ROUTE_IDS.root,
      Component: RootLayout,
      HydrateFallback: RootHydrateFallback,
      ErrorBoundary: RouteError,
      children: [
        {
          id: ROUTE_IDS.site,
          Component: PublicLayout,
          children: [
            {
              // Errors inside a page render in this boundary, keeping the header and footer.
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
                  // A check's shareable result: rendered in the browser, kept out of search engines.
                  path: 'seo-check/:id',
                  lazy: async () => ({
                    Component: (await import('./routes/seo-check-result')).SeoCheckResultRoute,
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
                  path: 'reset',
                  lazy: async () => ({ Component: (await import('./routes/reset')).ResetRoute }),
                },
                {
                  // The invitation link e-mailed to a new admin user.
                  path: 'invitation/:token',
                  lazy: async () => ({
                    Component: (await import('./routes/invitation')).InvitationRoute,
                  }),
                },
                {
                  path: 'verify-email',
                  lazy: async () => ({
                    Component: (await import('./routes/verify-email')).VerifyEmailRoute,
                  }),
                },
                {
                  // The links of the newsletter e-mails.
                  path: 'newsletter/confirm',
                  lazy: async () => ({
                    Component: (await import('./routes/newsletter-confirm')).NewsletterConfirmRoute,
                  }),
                },
                {
                  path: 'newsletter/unsubscribe',
                  lazy: async () => ({
                    Component: (await import('./routes/newsletter-unsubscribe'))
                      .NewsletterUnsubscribeRoute,
                  }),
                },
                {
                  // Login required: every page in here sends a signed-out visitor to /login and back.
                  lazy: async () => ({ Component: (await import('./routes/guards')).RequireAuth }),
                  children: [
                    {
                      path: 'dashboard',
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard')).DashboardRoute,
                      }),
                    },
                    {
                      path: 'order-now/:packageId',
                      lazy: async () => ({
                        Component: (await import('./routes/order-now')).OrderNowRoute,
                      }),
                    },
                    {
                      path: 'pending-order',
                      lazy: async () => ({
                        Component: (await import('./routes/customer-orders')).PendingOrderRoute,
                      }),
                    },
                    {
                      path: 'pay-now/:id',
                      lazy: async () => ({
                        Component: (await import('./routes/payment-pages')).PayNowRoute,
                      }),
                    },
                    {
                      path: 'received-payment/:id',
                      lazy: async () => ({
                        Component: (await import('./routes/payment-pages')).ReceivedPaymentRoute,
                      }),
                    },
                    {
                      path: 'order-cancelled/:id',
                      lazy: async () => ({
                        Component: (await import('./routes/payment-pages')).OrderCancelledRoute,
                      }),
                    },
                    {
                      // One order, for its customer and for admins (the same address).
                      path: 'orders/:id',
                      lazy: async () => ({
                        Component: (await import('./routes/order-page')).OrderPageRoute,
                      }),
                    },
                    {
                      path: 'my-order',
                      lazy: async () => ({
                        Component: (await import('./routes/customer-orders')).MyOrderRoute,
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
              ],
            },
          ],
        },
        // Admins only: every admin screen, in the admin shell.
        ...(area ? [area.underRoot] : []),
        // `/:id` (the about editor) shows "Page not found" for any other one-segment address.
        contentEntryIdRoute(area && [area.underEntryId]),
      ],
    },
  ];
}
