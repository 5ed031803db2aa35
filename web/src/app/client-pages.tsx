import { type RouteObject } from 'react-router-dom';
import { ROUTE_IDS } from './route-ids';

/**
 * The pages of the public site the browser alone renders (the server sends them the SPA shell): a
 * check's result, the links of e-mails and the signed-in visitor's pages. One group, last under the
 * public site's pages (`route-tree.tsx`): the server's tree has it; the browser's gets it when an
 * address needs it (`route-discovery.ts`), so that the public pages' first load has neither these
 * routes nor the list of their chunks. A new object on each call.
 */
export function clientPagesRoute(): RouteObject {
  return {
    id: ROUTE_IDS.clientPages,
    children: [
      {
        // A check's shareable result: rendered in the browser, kept out of search engines.
        path: 'seo-check/:id',
        lazy: async () => ({
          Component: (await import('./routes/seo-check-result')).SeoCheckResultRoute,
        }),
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
          Component: (await import('./routes/newsletter-unsubscribe')).NewsletterUnsubscribeRoute,
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
    ],
  };
}
