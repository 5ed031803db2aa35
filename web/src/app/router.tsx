import { useState } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom';
import { NOT_FOUND_PAGE, type SitePage } from '../lib/seo/public-pages';
import { adminRoutes } from './admin/admin-routes';
import { RootHydrateFallback, RootLayout } from './layout/root-layout';
import { PublicLayout } from './layout/site-shell';
import { type PageRouteHandle } from './page-handle';
import { adminArea, contentEntryIdRoute } from './routes/admin-area-routes';
import { RouteError } from './routes/route-error';

/** `/contact` and `/contact-us` are the same page. */
const contactPage = async () => ({ Component: (await import('./routes/contact')).ContactRoute });

/** A server-rendered page's route handle: which page it is, and its module (see `PageRouteHandle`). */
const sitePage = (page: SitePage, route: string): PageRouteHandle => ({
  page,
  module: `src/app/routes/${route}.tsx`,
});

/**
 * Every route of the site. Pages are lazy-loaded so each one is its own chunk. The public and
 * customer pages share the site's header and footer; the admin screens, generated from the admin
 * screen registry (`admin/admin-screens.ts`), share the admin shell. Kept free of browser globals so
 * a server renderer can reuse it.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            // Errors inside a page render in this boundary, keeping the header and footer.
            ErrorBoundary: RouteError,
            children: [
              {
                index: true,
                handle: sitePage('/', 'landing'),
                lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
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
                lazy: async () => ({ Component: (await import('./routes/pricing')).PricingRoute }),
              },
              {
                path: 'service',
                handle: sitePage('/service/', 'service'),
                lazy: async () => ({ Component: (await import('./routes/service')).ServiceRoute }),
              },
              {
                // Signed-in visitors are moved on from these (after a login, too).
                handle: { module: 'src/app/routes/guards.ts' } satisfies PageRouteHandle,
                lazy: async () => ({ Component: (await import('./routes/guards')).GuestOnly }),
                children: [
                  {
                    path: 'login',
                    handle: sitePage('/login', 'login'),
                    lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
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
                    path: 'my-order',
                    lazy: async () => ({
                      Component: (await import('./routes/customer-orders')).MyOrderRoute,
                    }),
                  },
                ],
              },
              {
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
      adminArea(adminRoutes),
      // `/:id` (the about editor) shows "Page not found" for any other one-segment address.
      contentEntryIdRoute,
    ],
  },
];

/**
 * Loads the code of the routes matching `pathname` before a server-rendered page hydrates: with a
 * lazy route left, the router would first render its HydrateFallback, which is not what the
 * server sent.
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * The browser router, created once on mount (never at module load). `hydrationData` is the server's
 * router state when it rendered the page.
 */
export function AppRouter({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() => createBrowserRouter(routes, { hydrationData }));
  return <RouterProvider router={router} />;
}
