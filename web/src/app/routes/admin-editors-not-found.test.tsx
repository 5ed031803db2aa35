import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { type ApiCall, errorBody, fakeApi } from '../../testing/fake-api';
import { anAccount } from '../../testing/fixtures';
import { createTestQueryClient } from '../../testing/render';
import { discoverRoutes } from '../browser-router';
import { clientRenderedRoutes } from '../route-discovery';
import { serverPageLoader } from './not-found';

/** An id no record has: the API answers 404 for it, as the server does. */
const UNKNOWN = 'dddddddd-0000-4000-8000-00000000000d';

/** An admin's API in which every record asked for by id is gone. */
function serveAdmin() {
  return fakeApi(({ url }: ApiCall) => {
    const path = url.pathname;
    if (path === '/api/auth/session') return [200, { account: anAccount(), googleSignIn: false }];
    if (path === '/api/content') return [200, { sections: {} }];
    if (path.endsWith(`/${UNKNOWN}`)) return [404, errorBody(404, 'Not here')];
    // A content editor reads its section's draft, which has no entry of that id.
    const draft = /^\/api\/admin\/content-drafts\/(\w+)$/.exec(path);
    if (draft) return [200, { section: draft[1], entries: [], draft: null }];
    return undefined;
  });
}

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
  return router;
}

const realFetch = globalThis.fetch;
const realScrollTo = window.scrollTo;
const realLoad = serverPageLoader.load;
beforeEach(() => {
  // The router restores the scroll position, which jsdom does not implement.
  window.scrollTo = () => undefined;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  window.scrollTo = realScrollTo;
  serverPageLoader.load = realLoad;
});

describe('an admin editor whose id names no record', () => {
  it.each([
    ['a content entry', `/banner/${UNKNOWN}`, '/api/admin/content-drafts/banner'],
    ['the about entry (/{id})', `/${UNKNOWN}`, '/api/admin/content-drafts/about'],
    ['an admin user', `/admin-user/${UNKNOWN}`, `/api/admin/users/${UNKNOWN}`],
    ['a message', `/view/${UNKNOWN}`, `/api/admin/messages/${UNKNOWN}`],
    ['a newsletter', `/newsletters/${UNKNOWN}`, `/api/admin/campaigns/${UNKNOWN}`],
    ['a PayPal e-mail', `/paypal-email/${UNKNOWN}`, `/api/admin/payment-accounts/${UNKNOWN}`],
    ['an order', `/admin/payment-status/${UNKNOWN}`, `/api/admin/orders/${UNKNOWN}`],
  ])('%s: the not-found page, not the editor', async (_what, path, apiPath) => {
    const calls = serveAdmin();
    renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // The editor asked for the record (the 404 is the server's answer), and shows no form.
    expect(calls.map((call) => call.url.pathname)).toContain(apiPath);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /update|save/i })).toBeNull();
  });

  it('an admin user id that is no id at all: the not-found page without asking the server', async () => {
    const calls = serveAdmin();
    renderApp('/admin-user/not-an-id');

    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    expect(calls.map((call) => call.url.pathname)).not.toContain('/api/admin/users/not-an-id');
  });
});

describe("the app reaching one of the server's pages", () => {
  it('loads the queue dashboard from the server when the app navigates to it (after the login page)', async () => {
    serveAdmin();
    const load = jest.fn<(path: string) => void>();
    serverPageLoader.load = load;
    const router = renderApp('/');
    await screen.findByRole('main');

    await act(() => router.navigate('/admin/queues?x=1', { replace: true }));
    await waitFor(() => expect(load).toHaveBeenCalledWith('/admin/queues?x=1'));
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('shows the not-found page when the server itself sent the app there (no reload loop)', async () => {
    serveAdmin();
    const load = jest.fn<(path: string) => void>();
    serverPageLoader.load = load;
    renderApp('/admin/queues');

    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    expect(load).not.toHaveBeenCalled();
  });
});
