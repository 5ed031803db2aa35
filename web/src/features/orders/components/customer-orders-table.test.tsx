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
  it('prices a monthly plan per month', async () => {
    serve({
      items: [{ ...order('aaaaaaaa-0000-4000-8000-000000000001', 'Paid'), billing: 'monthly' }],
      total: 1,
      page: 1,
      pageSize: 3,
    });
    renderWithProviders(<CustomerOrdersTable pageSize={3} caption="My Orders" variant="orders" />);

    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(within(table).getByText('$499.00/month')).toBeInTheDocument();
  });

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

  it('My Orders links each paid order’s invoice and a refunded one’s credit note; none for an unpaid order', async () => {
    const paidId = 'aaaaaaaa-0000-4000-8000-000000000009';
    const refundedId = 'aaaaaaaa-0000-4000-8000-00000000000a';
    const invoice = (id: string, number: string, kind: 'invoice' | 'credit-note') => ({
      id,
      number,
      kind,
      reverses: kind === 'invoice' ? null : 'INV-2026-000002',
      currency: 'USD',
      amount: kind === 'invoice' ? '499.00' : '-499.00',
      issuedAt: '2026-03-11T10:00:00.000Z',
      pdfUrl: `/api/invoices/${id}.pdf`,
    });
    const answers: Record<string, unknown> = {
      [`/api/orders/${paidId}/invoices`]: [
        invoice('bbbbbbbb-0000-4000-8000-000000000001', 'INV-2026-000001', 'invoice'),
      ],
      [`/api/orders/${refundedId}/invoices`]: [
        invoice('bbbbbbbb-0000-4000-8000-000000000002', 'INV-2026-000002', 'invoice'),
        invoice('bbbbbbbb-0000-4000-8000-000000000003', 'INV-2026-000003', 'credit-note'),
      ],
    };
    const page: OrderPage = {
      items: [
        order(paidId, 'Paid'),
        order(refundedId, 'Refunded'),
        order('aaaaaaaa-0000-4000-8000-00000000000b', 'UnPaid'),
      ],
      total: 3,
      page: 1,
      pageSize: 5,
    };
    const urls: string[] = [];
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      urls.push(String(url));
      const body = answers[String(url)] ?? page;
      return { ok: true, status: 200, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    renderWithProviders(<CustomerOrdersTable pageSize={5} caption="My Orders" variant="orders" />);

    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(
      await within(table).findByRole('link', { name: 'Invoice INV-2026-000001' }),
    ).toHaveAttribute('href', '/api/invoices/bbbbbbbb-0000-4000-8000-000000000001.pdf');
    expect(
      await within(table).findByRole('link', { name: 'Credit note INV-2026-000003' }),
    ).toHaveAttribute('href', '/api/invoices/bbbbbbbb-0000-4000-8000-000000000003.pdf');
    expect(within(table).getByRole('link', { name: 'Invoice INV-2026-000002' })).toBeVisible();
    // The unpaid order has none, and its invoices were not asked for.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[2]!).queryByRole('link', { name: /Invoice/ })).toBeNull();
    expect(urls.filter((url) => url.endsWith('/invoices')).sort()).toStrictEqual([
      `/api/orders/${paidId}/invoices`,
      `/api/orders/${refundedId}/invoices`,
    ]);
  });

  it('on My Orders: links each order to its page and shows when it is due, or that the date comes with the details', async () => {
    const waiting = {
      ...order('aaaaaaaa-0000-4000-8000-00000000000c', 'Paid'),
      stage: 'awaiting_details' as const,
    };
    const due = {
      ...order('aaaaaaaa-0000-4000-8000-00000000000d', 'Paid'),
      stage: 'in_progress' as const,
      dueAt: '2099-12-24T09:00:00.000Z',
    };
    const late = {
      ...order('aaaaaaaa-0000-4000-8000-00000000000e', 'Paid'),
      stage: 'in_progress' as const,
      dueAt: '2026-01-02T09:00:00.000Z',
    };
    const page = { items: [waiting, due, late], total: 3, page: 1, pageSize: 5 };
    globalThis.fetch = jest.fn(async (url: string | URL | Request) => {
      const body = String(url).endsWith('/invoices') ? [] : page;
      return { ok: true, status: 200, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    renderWithProviders(<CustomerOrdersTable pageSize={5} caption="My Orders" variant="orders" />);

    const table = await screen.findByRole('table', { name: 'My Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Due date' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Set when you send your details');
    expect(rows[1]).toHaveTextContent('12/24/2099');
    // The date only: overdue is the admins' word.
    expect(rows[2]).toHaveTextContent('01/02/2026');
    expect(within(table).queryByText('Overdue')).toBeNull();
    expect(
      within(rows[1]!).getByRole('link', { name: 'View order: Premium, 11/03/2026' }),
    ).toHaveAttribute('href', '/orders/aaaaaaaa-0000-4000-8000-00000000000d');
  });
});
