import { useState } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { RootHydrateFallback, RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

/** `/contact` and `/contact-us` are the same page. */
const contactPage = async () => ({ Component: (await import('./routes/contact')).ContactRoute });

/**
 * Every route of the site. Pages are lazy-loaded so each one is its own chunk; the layout
 * (header and footer) is shared. Kept free of browser globals so a server renderer can reuse it.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors inside a page render in this boundary, keeping the header and footer.
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
          },
          { path: 'contact', lazy: contactPage },
          { path: 'contact-us', lazy: contactPage },
          {
            path: 'thanks',
            lazy: async () => ({ Component: (await import('./routes/thanks')).ThanksRoute }),
          },
          // The remaining routes of the spec (login, account, shop, admin…) are added here by their features.
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];

/** The browser router, created once on mount (never at module load). */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
