import { describe, expect, it, jest } from '@jest/globals';
import { type Order, type OrderPage } from '@contracts/orders';
import { screen, within } from '@testing-library/react';
import { anOrder } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { CustomerOrdersTable } from './customer-orders-table';

const order = (id: string, paymentStatus: Order['paymentStatus']): Order =>
  anOrder({
    _id: id,
    packageId: '11111111-1111-4111-8111-111111111111',
    customerAddress: 'NA',
    customerCountry: 'NA',
    paymentStatus,
  });

/** Answers every GET with this page, and records the URLs asked for. */
function serve(page: OrderPage) {
  const urls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
    urls.push(String(url));
    return { ok: true, status: 200, text: async () => JSON.stringify(page) };
  }) as unknown as typeof fetch;
  return urls;
}

describe('the customer orders table', () => {
  it("shows package and price, 'Pay Now' for UnPaid, 'You Have Paid' and 'You Have Cancelled', numbered across pages", async () => {
    const urls = serve({
      items: [
        order('aaaaaaaa-0000-4000-8000-000000000001', 'UnPaid'),
        order('aaaaaaaa-0000-4000-8000-000000000002', 'Paid'),
        order('aaaaaaaa-0000-4000-8000-000000000003', 'Cancelled'),
      ],
      total: 7,
      page: 1,
      pageSize: 3,
    });
    const { user } = renderWithProviders(
      <CustomerOrdersTable pageSize={3} caption="My Orders" variant="dashboard" />,
    );

    const table = await screen.findByRole('table', { name: 'My Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toStrictEqual([
      '111/03/2026Ada LovelacePremium$499.00PendingPay Now',
      '211/03/2026Ada LovelacePremium$499.00PendingYou Have Paid',
      '311/03/2026Ada LovelacePremium$499.00PendingYou Have Cancelled',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      '/pay-now/aaaaaaaa-0000-4000-8000-000000000001',
    );
    expect(urls).toStrictEqual(['/api/orders/mine?page=1&pageSize=3']);

    // Paging runs on the server: page 3 asks for it.
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(urls.at(-1)).toBe('/api/orders/mine?page=3&pageSize=3');
  });

  it('says when a payment is disputed at PayPal or was reversed, with no Pay link', async () => {
    serve({
      items: [
        order('aaaaaaaa-0000-4000-8000-000000000004', 'Disputed'),
        order('aaaaaaaa-0000-4000-8000-000000000005', 'Reversed'),
      ],
      total: 2,
      page: 1,
      pageSize: 3,
    });
    renderWithProviders(
      <CustomerOrdersTable pageSize={3} caption="My Orders" variant="dashboard" />,
    );

    const table = await screen.findByRole('table', { name: 'My Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toStrictEqual([
      '111/03/2026Ada LovelacePremium$499.00PendingPayment disputed at PayPal',
      '211/03/2026Ada LovelacePremium$499.00PendingPayment reversed by PayPal',
    ]);
    expect(within(table).queryByRole('link', { name: 'Pay Now' })).toBeNull();
  });

  it('lists only the open orders when asked, filtered and paged on the server', async () => {
    const urls = serve({
      items: [order('aaaaaaaa-0000-4000-8000-000000000006', 'Paid')],
      total: 6,
      page: 1,
      pageSize: 5,
    });
    const { user } = renderWithProviders(
      <CustomerOrdersTable
        pageSize={5}
        caption="Your Pending Orders"
        variant="orders"
        list="open"
      />,
    );

    const table = await screen.findByRole('table', { name: 'Your Pending Orders' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '111/03/2026Premium$499.00PendingYou Have Paid',
    );
    expect(urls).toStrictEqual(['/api/orders/mine?page=1&pageSize=5&list=open']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(urls.at(-1)).toBe('/api/orders/mine?page=2&pageSize=5&list=open');
  });

  it('says when an unpaid order’s payment is pending at PayPal or under review, with no Pay link', async () => {
    serve({
      items: [
        { ...order('aaaaaaaa-0000-4000-8000-000000000007', 'UnPaid'), paymentHold: 'pending' },
        { ...order('aaaaaaaa-0000-4000-8000-000000000008', 'UnPaid'), paymentHold: 'review' },
      ],
      total: 2,
      page: 1,
      pageSize: 5,
    });
    renderWithProviders(
      <CustomerOrdersTable
        pageSize={5}
        caption="Your Pending Orders"
        variant="orders"
        list="open"
      />,
    );

    const table = await screen.findByRole('table', { name: 'Your Pending Orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toStrictEqual([
      '111/03/2026Premium$499.00PendingPayment pending at PayPal',
      '211/03/2026Premium$499.00PendingPayment under review',
    ]);
    expect(within(table).queryByRole('link', { name: 'Pay Now' })).toBeNull();
  });
});
