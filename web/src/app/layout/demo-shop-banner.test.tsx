import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type Account } from '@contracts/identity';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { type AppState } from '../../lib/app-state';
import { fakeApi } from '../../testing/fake-api';
import { anAccount } from '../../testing/fixtures';
import { discoverRoutes } from '../browser-router';
import { clientRenderedRoutes } from '../route-discovery';
import { AppProviders } from '../providers';

const PUBLIC_URL = 'http://shop.test';

const account = (isAdmin: boolean) =>
  anAccount({ email: isAdmin ? 'boss@agency.test' : 'customer@example.test', isAdmin });

const emptyPage = { items: [], total: 0, page: 1, pageSize: 10 };

/** The API as `who` sees it (null: signed out): enough for a public, an account and an admin page. */
function serveAs(who: Account | null) {
  fakeApi(({ url }) => {
    const path = url.pathname;
    if (path === '/api/auth/session') return [200, { account: who, googleSignIn: false }];
    if (path === '/api/content') return [200, { sections: {} }];
    if (path === '/api/admin/payment-accounts') return [200, []];
    if (path === '/api/admin/orders/summary') return [200, { totalSales: '0.00', orderCount: 0 }];
    if (path === '/api/orders/mine' || path.startsWith('/api/admin/')) return [200, emptyPage];
    if (path === '/api/orders/summary') return [200, { orderCount: 0, totalSpent: '0.00' }];
    return undefined;
  });
}

/** The app at `path` with the state the server sent (none: as under `vite dev`). */
function renderApp(path: string, state?: AppState) {
  const router = createMemoryRouter(clientRenderedRoutes(), {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverRoutes,
  });
  render(
    <AppProviders state={state}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** The page's code loads lazily: a busy machine may take a while (this waits, it does not time). */
const LOADED = { timeout: 10_000 };

const demoShop = () => screen.queryByRole('complementary', { name: 'Demo shop' });

describe('the demo shop banner', () => {
  const realFetch = globalThis.fetch;
  const realScrollTo = window.scrollTo;
  beforeEach(() => {
    // The router restores the scroll position, which jsdom does not implement.
    window.scrollTo = () => undefined;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    window.scrollTo = realScrollTo;
  });

  const simulator: AppState = { publicUrl: PUBLIC_URL, simulatedPayments: true };

  it.each([
    ['a public page, signed out', '/pricing/', null, 'Pricing Plan'],
    ["a customer's account page", '/dashboard', account(false), 'Welcome to User Dashboard'],
    ['an admin screen', '/admin', account(true), 'Welcome to Admin Panel'],
  ] as const)(
    'says on %s that it is a demo where no real money moves',
    async (_what, path, who, heading) => {
      serveAs(who);
      renderApp(path, simulator);
      expect(
        await screen.findByRole('heading', { name: heading, level: 1 }, LOADED),
      ).toBeInTheDocument();
      const banner = demoShop();
      expect(banner).not.toBeNull();
      expect(banner).toHaveTextContent(
        'Demo shop: payments go to a PayPal simulator, and no real money moves.',
      );
      // One notice, above the page's own header.
      expect(screen.getAllByRole('complementary', { name: 'Demo shop' })).toHaveLength(1);
      const [firstBanner] = screen.getAllByRole('banner');
      expect(
        banner!.compareDocumentPosition(firstBanner!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    },
  );

  it('is shown while the first page is still loading, so nothing moves when it arrives', () => {
    serveAs(null);
    renderApp('/pricing/', simulator);
    // Synchronously, before the page's lazy code has loaded.
    expect(demoShop()).not.toBeNull();
  });

  it('is absent from a shop that takes real payments', async () => {
    serveAs(null);
    renderApp('/pricing/', { publicUrl: PUBLIC_URL });
    expect(
      await screen.findByRole('heading', { name: 'Pricing Plan', level: 1 }, LOADED),
    ).toBeInTheDocument();
    expect(demoShop()).toBeNull();
  });
});
