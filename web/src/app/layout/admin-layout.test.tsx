import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type Account, AUTH_MESSAGES } from '@contracts/identity';
import { type Message } from '@contracts/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { type ApiCall, fakeApi } from '../../testing/fake-api';
import { anAccount } from '../../testing/fixtures';
import { createTestQueryClient } from '../../testing/render';
import { discoverRoutes } from '../browser-router';
import { clientRenderedRoutes } from '../route-discovery';

const MESSAGE_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

const message: Message = {
  id: MESSAGE_ID,
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  number: '+44 20 7946 0958',
  subject: 'Rankings',
  message: 'Hello',
  messageStatus: 'UnRead',
  createdAt: '2026-11-03T10:00:00.000Z',
};

const emptyPage = { items: [], total: 0, page: 1, pageSize: 10 };

/** The API as a signed-in `who` sees it (null: signed out): the session, content and admin lists. */
function serveAs(who: Account | null) {
  return fakeApi(({ url }: ApiCall) => {
    const path = url.pathname;
    if (path === '/api/auth/session') return [200, { account: who, googleSignIn: false }];
    if (path === '/api/content') return [200, { sections: {} }];
    if (path === `/api/admin/messages/${MESSAGE_ID}`) return [200, message];
    if (path === '/api/admin/messages' || path === '/api/admin/subscribers') {
      return [200, emptyPage];
    }
    if (path === '/api/admin/orders') return [200, emptyPage];
    if (path === '/api/admin/orders/summary') return [200, { totalSales: '0.00', orderCount: 0 }];
    if (path === '/api/admin/payment-accounts') return [200, []];
    if (path === '/api/orders/mine') return [200, emptyPage];
    if (path === '/api/orders/summary') return [200, { orderCount: 0, totalSpent: '0.00' }];
    return undefined;
  });
}

/** The app at `path`, as the browser renders it from the start (the admin area added when first needed). */
function renderApp(path: string) {
  const router = createMemoryRouter(clientRenderedRoutes(), {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverRoutes,
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const adminNav = () => screen.getByRole('navigation', { name: 'Admin' });
const breadcrumbs = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the admin shell', () => {
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

  it('holds an admin screen: navigation, breadcrumbs, the admin and Signout; no footer, no newsletter form', async () => {
    serveAs(anAccount());
    renderApp(`/view/${MESSAGE_ID}`);

    expect(await screen.findByRole('heading', { name: 'Message', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();

    // The page's own header is a banner too for jsdom (not for browsers: it is inside main).
    const [banner] = screen.getAllByRole('banner');
    expect(banner).toHaveClass('admin-header');
    expect(within(banner!).getByText('boss@agency.test')).toBeInTheDocument();
    expect(within(banner!).getByRole('button', { name: 'Signout' })).toBeInTheDocument();
    expect(within(banner!).getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/');

    expect(breadcrumbs()).toEqual(['Admin Panel', 'Inbox & newsletter', 'Messages', 'Message']);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/all-messages/',
    );
    expect(within(crumbs).getByText('Message')).toHaveAttribute('aria-current', 'page');

    // The message's list is marked as where the admin is.
    expect(within(adminNav()).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Newsletter' })).toBeNull();
    expect(screen.queryByRole('button', { name: /subscribe/i })).toBeNull();
  });

  it('navigates from its menu: the new screen is current, its breadcrumbs follow, the focus is on it', async () => {
    serveAs(anAccount());
    const { router, user } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Welcome to Admin Panel' })).toBeVisible();
    expect(within(adminNav()).getByRole('link', { name: 'Admin Panel' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(adminNav()).getByRole('link', { name: 'Subscribers' }));
    expect(await screen.findByRole('heading', { name: 'All Subscribers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/all-subscriber/');
    expect(within(adminNav()).getByRole('link', { name: 'Subscribers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(adminNav()).getByRole('link', { name: 'Admin Panel' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(breadcrumbs()).toEqual(['Admin Panel', 'Inbox & newsletter', 'Subscribers']);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("is reached from the public site's header: the admin area loads on the way", async () => {
    serveAs(anAccount());
    const { router, user } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome to User Dashboard' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Admin' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Admin Panel' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('opens the about editor at an entry id, and "Page not found" at any other one-segment address', async () => {
    serveAs(anAccount());
    const { router } = renderApp(`/${MESSAGE_ID}`);

    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(breadcrumbs()).toEqual(['Admin Panel', 'Content', 'About', 'Update About']);

    await act(() => router.navigate('/banner-list'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it('opens and closes its menu with the button and Escape, the focus back on the button', async () => {
    serveAs(anAccount());
    const { user } = renderApp('/admin');

    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-controls', adminNav().id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('links the server-side queue dashboard as a page load of its own, not a router link', async () => {
    serveAs(anAccount());
    const { router, user } = renderApp('/admin');

    const queues = within(await screen.findByRole('navigation', { name: 'Admin' })).getByRole(
      'link',
      { name: 'Queues' },
    );
    expect(queues).toHaveAttribute('href', '/admin/queues');
    // The router's links cancel the browser's navigation; this one leaves it to the browser (then
    // cancelled here, after the app had its say: jsdom does not load pages).
    const leftToBrowser: boolean[] = [];
    const record = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    await user.click(queues);
    await user.click(within(adminNav()).getByRole('link', { name: 'Audit log' }));
    window.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, false]);
    expect(router.state.location.pathname).toBe('/admin/audit');
  });

  it("shows a customer 'You don't have any permission' in the public site's layout, never the admin's", async () => {
    const calls = serveAs(anAccount({ isAdmin: false }));
    renderApp('/admin/audit');

    expect(
      await screen.findByRole('heading', { name: AUTH_MESSAGES.noPermission }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/admin/'))).toBe(false);
  });

  it('sends a signed-out visitor to /login', async () => {
    serveAs(null);
    const { router } = renderApp('/setting');
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("keeps the customer's pages in the public site's layout, footer and newsletter form included", async () => {
    serveAs(anAccount({ isAdmin: false }));
    renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome to User Dashboard' })).toBeVisible();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Newsletter' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });
});

describe('the admin shell for staff roles', () => {
  const realFetch = globalThis.fetch;
  const realScrollTo = window.scrollTo;
  beforeEach(() => {
    window.scrollTo = () => undefined;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    window.scrollTo = realScrollTo;
  });

  /** The titles of the navigation's entries. */
  const navTitles = () =>
    within(adminNav())
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((title) => title !== 'View site');

  it('lists an editor only the content, SEO and newsletter screens', async () => {
    serveAs(anAccount({ email: 'ed@agency.test', role: 'editor' }));
    renderApp('/setting');
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    const titles = navTitles();
    for (const title of ['Settings', 'Campaigns', 'Welcome e-mail', 'SEO', 'Redirects']) {
      expect(titles).toContain(title);
    }
    for (const title of [
      'Admin Panel',
      'Total Orders',
      'Messages',
      'Subscribers',
      'Invoices',
      'Payment e-mail',
      'Add User',
      'Queues',
      'Audit log',
    ]) {
      expect(titles).not.toContain(title);
    }
    expect(within(adminNav()).getByText('Content')).toBeInTheDocument();
    // The settings hub has the same screens' cards, and no other role's.
    const main = screen.getByRole('main');
    expect(within(main).getByRole('region', { name: 'Content' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /Redirects/ })).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: /Total Orders/ })).toBeNull();
    expect(within(main).queryByRole('link', { name: /Queues/ })).toBeNull();
    expect(within(main).queryByRole('region', { name: 'Operations' })).toBeNull();
  });

  it('lists support the orders and the inbox, not content, users or the queues', async () => {
    serveAs(anAccount({ email: 'help@agency.test', role: 'support' }));
    renderApp('/total-orders');
    expect(await screen.findByRole('heading', { name: 'Total Orders', level: 1 })).toBeVisible();

    const titles = navTitles();
    expect(titles).toEqual(expect.arrayContaining(['Settings', 'Total Orders', 'Messages']));
    for (const title of ['Admin Panel', 'Campaigns', 'SEO', 'Add User', 'Queues', 'Audit log']) {
      expect(titles).not.toContain(title);
    }
    expect(within(adminNav()).queryByText('Content')).toBeNull();
    expect(within(adminNav()).queryByText('SEO')).toBeNull();
  });

  it('shows an editor a 403 on a screen of another role, without asking for its data', async () => {
    const calls = serveAs(anAccount({ email: 'ed@agency.test', role: 'editor' }));
    renderApp('/total-orders');

    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Screens you can use' })).toHaveAttribute(
      'href',
      '/setting',
    );
    // Still the admin shell, with the editor's navigation.
    expect(navTitles()).not.toContain('Total Orders');
    expect(calls.some((call) => call.url.pathname.startsWith('/api/admin/orders'))).toBe(false);
  });
});
