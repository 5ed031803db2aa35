import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { type ApiAnswer, type ApiCall, errorBody, fakeApi } from '../../testing/fake-api';
import { aDispute, anAccount, anOrder } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { AdminRoute } from './admin';

const session = { account: anAccount(), googleSignIn: false };

const order = anOrder();

const empty = { items: [], total: 0, page: 1, pageSize: 3 };

/** The admin home's API: each list answered by `answers` (by path), the session always. */
function serve(answers: Record<string, () => ApiAnswer | Promise<ApiAnswer>>) {
  return fakeApi(({ url }: ApiCall) => {
    if (url.pathname === '/api/auth/session') return [200, session];
    return answers[url.pathname]?.();
  });
}

const everythingEmpty: Record<string, () => ApiAnswer> = {
  '/api/admin/payment-accounts': () => [200, []],
  '/api/admin/orders/summary': () => [200, { orderCount: 0, paidCount: 0, totalSales: '0.00' }],
  '/api/admin/orders': () => [200, empty],
  '/api/admin/orders/due': () => [200, empty],
  '/api/admin/subscribers': () => [200, empty],
  '/api/admin/messages': () => [200, empty],
  '/api/admin/orders/unread': () => [200, { total: 0, orders: [] }],
  '/api/admin/stats': () => [
    200,
    { from: '2026-01-01', to: '2026-03-31', bucket: 'day', sales: [], stages: [], subscribers: [] },
  ],
};

describe('the admin home', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('says what each block has none of', async () => {
    serve(everythingEmpty);
    renderWithProviders(<AdminRoute />);

    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Total Orders' })).toBeInTheDocument();
    expect(
      await screen.findByText('No paid order is waiting with a due date.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No subscribers yet.')).toBeInTheDocument();
    expect(await screen.findByText('No unread messages.')).toBeInTheDocument();
    expect(await screen.findByText('No read messages yet.')).toBeInTheDocument();
    expect(await screen.findAllByText('No orders in the last 90 days.')).toHaveLength(2);
    expect(await screen.findByText(/Payments are not set up/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add the PayPal e-mail' })).toHaveAttribute(
      'href',
      '/add-paypal-Email',
    );
    expect(await screen.findByText('$0.00')).toBeInTheDocument();
    expect(screen.getByText('boss@agency.test')).toBeInTheDocument();
  });

  it("shows a failing block's error with the server's message and Try again; the others load anyway", async () => {
    let ordersUp = false;
    serve({
      ...everythingEmpty,
      '/api/admin/orders': () =>
        ordersUp
          ? [200, { items: [order], total: 1, page: 1, pageSize: 3 }]
          : [503, errorBody(503, 'The orders are being moved.')],
      '/api/admin/orders/summary': () => [500, errorBody(500, 'The sums are off.')],
      '/api/admin/payment-accounts': () => [503, errorBody(503, 'PayPal settings are locked.')],
    });
    const { user } = renderWithProviders(<AdminRoute />);

    const ordersAlert = await screen.findByText('Total Orders could not be loaded.');
    expect(ordersAlert.closest('[role="alert"]')).toHaveTextContent('The orders are being moved.');
    expect(
      (await screen.findByText('Total Sales could not be loaded.')).closest('[role="alert"]'),
    ).toHaveTextContent('The sums are off.');
    expect(
      (await screen.findByText('The PayPal e-mails could not be loaded.')).closest(
        '[role="alert"]',
      ),
    ).toHaveTextContent('PayPal settings are locked.');
    // The lists that answered are shown all the same.
    expect(await screen.findByText('No subscribers yet.')).toBeInTheDocument();
    expect(await screen.findByText('No unread messages.')).toBeInTheDocument();

    ordersUp = true;
    await user.click(
      within(ordersAlert.closest<HTMLElement>('[role="alert"]')!).getByRole('button', {
        name: 'Try again',
      }),
    );
    const table = await screen.findByRole('table', { name: 'Total Orders' });
    expect(
      within(table).getByRole('link', { name: /^Update Order: Ada Lovelace/ }),
    ).toHaveAttribute('href', `/admin/payment-status/${order._id}`);
    expect(screen.queryByText('Total Orders could not be loaded.')).toBeNull();
  });

  it('shows a skeleton in place of each block still loading, not the others', async () => {
    serve({
      ...everythingEmpty,
      // Never answered.
      '/api/admin/orders': () => new Promise<never>(() => undefined),
    });
    renderWithProviders(<AdminRoute />);

    expect(await screen.findByText('No subscribers yet.')).toBeInTheDocument();
    expect(screen.getByText('Loading Total Orders').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Total Orders' })).toBeNull();
    expect(screen.queryByText(/Loading…/)).toBeNull();
  });

  it('lists the open disputes with PayPal’s reason and amount, each linking to its order', async () => {
    const disputed = anOrder({
      _id: 'aaaaaaaa-0000-4000-8000-000000000002',
      paymentStatus: 'Disputed',
      paidAt: '2026-11-03T10:05:00.000Z',
      paidVia: 'paypal',
      dispute: aDispute(),
    });
    const calls = fakeApi(({ url }: ApiCall) => {
      if (url.pathname === '/api/auth/session') return [200, session];
      if (url.pathname === '/api/admin/orders') {
        return url.searchParams.get('paymentStatus') === 'Disputed'
          ? [200, { items: [disputed], total: 1, page: 1, pageSize: 3 }]
          : [200, { items: [order, disputed], total: 2, page: 1, pageSize: 3 }];
      }
      return everythingEmpty[url.pathname]?.();
    });
    renderWithProviders(<AdminRoute />);

    const table = await screen.findByRole('table', { name: 'Open Disputes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toStrictEqual([
      '11/24/2026Ada LovelacePremiumMERCHANDISE_OR_SERVICE_NOT_RECEIVED$499.00Open',
    ]);
    expect(
      within(rows[0]!).getByRole('link', { name: 'Open the dispute: Ada Lovelace, Premium' }),
    ).toHaveAttribute('href', `/admin/payment-status/${disputed._id}`);
    expect(
      calls.some(
        ({ url }) =>
          url.pathname === '/api/admin/orders' &&
          url.search === '?page=1&pageSize=3&paymentStatus=Disputed',
      ),
    ).toBe(true);
    // The orders table lists every order still, the disputed one among them.
    const orders = await screen.findByRole('table', { name: 'Total Orders' });
    expect(within(orders).getAllByRole('row')).toHaveLength(3);
    expect(within(orders).getByText('Disputed')).toBeInTheDocument();
  });

  it('says when no dispute is open', async () => {
    serve(everythingEmpty);
    renderWithProviders(<AdminRoute />);

    expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
  });

  it('lists the orders due soon or overdue, 3 a page from the server, overdue ones marked, each linking to its order page', async () => {
    const due = (n: number, dueAt: string, customerName: string) =>
      anOrder({
        _id: `aaaaaaaa-0000-4000-8000-00000000001${n}`,
        customerName,
        paymentStatus: 'Paid',
        stage: 'in_progress',
        dueAt,
      });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const calls = serve({
      ...everythingEmpty,
      '/api/admin/orders/due': () => [
        200,
        {
          items: [
            due(1, yesterday, 'Late Larry'),
            due(2, soon, 'Soon Sally'),
            due(3, later, 'Later Lou'),
          ],
          total: 4,
          page: 1,
          pageSize: 3,
        },
      ],
    });
    const { user } = renderWithProviders(<AdminRoute />);

    const table = await screen.findByRole('table', { name: 'Due soon / overdue' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Overdue');
    expect(rows[0]).toHaveTextContent('Late Larry');
    expect(rows[0]).toHaveTextContent('In progress');
    expect(rows[1]).not.toHaveTextContent('Overdue');
    expect(rows[2]).not.toHaveTextContent('Overdue');
    expect(
      within(rows[1]!).getByRole('link', { name: 'Open the order: Soon Sally, Premium' }),
    ).toHaveAttribute('href', '/orders/aaaaaaaa-0000-4000-8000-000000000012');
    expect(
      calls.some(
        ({ url }) =>
          url.pathname === '/api/admin/orders/due' && url.search === '?page=1&pageSize=3',
      ),
    ).toBe(true);

    await user.click(within(table.closest('section')!).getByRole('button', { name: 'Page 2' }));
    expect(
      calls.some(
        ({ url }) =>
          url.pathname === '/api/admin/orders/due' && url.search === '?page=2&pageSize=3',
      ),
    ).toBe(true);
  });
});
