import { describe, expect, it, jest } from '@jest/globals';
import { type Order, type OrderPage } from '@contracts/orders';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { CustomerOrdersTable } from './customer-orders-table';

const order = (id: string, paymentStatus: Order['paymentStatus']): Order => ({
  _id: id,
  packageId: '11111111-1111-4111-8111-111111111111',
  packageName: 'Premium',
  packagePrice: '499.00',
  customerEmail: 'ada@example.test',
  customerName: 'Ada Lovelace',
  customerAddress: 'NA',
  customerCountry: 'NA',
  paymentStatus,
  orderStatus: 'Pending',
  orderDate: '2026-11-03T10:00:00.000Z',
  paidAt: null,
  paidVia: null,
  cancelledAt: null,
  refundedAt: null,
  deliveredAt: null,
  note: null,
  reviewReason: null,
  paymentEvent: null,
  dispute: null,
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
  it("shows 'Pay Now' for UnPaid, 'You Have Paid' and 'You Have Cancelled', numbered across pages", async () => {
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
      '111/03/2026Ada LovelacePendingPay Now',
      '211/03/2026Ada LovelacePendingYou Have Paid',
      '311/03/2026Ada LovelacePendingYou Have Cancelled',
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
      '111/03/2026Ada LovelacePendingPayment disputed at PayPal',
      '211/03/2026Ada LovelacePendingPayment reversed by PayPal',
    ]);
    expect(within(table).queryByRole('link', { name: 'Pay Now' })).toBeNull();
  });
});
