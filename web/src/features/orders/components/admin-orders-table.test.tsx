import { afterEach, describe, expect, it } from '@jest/globals';
import { type Order } from '@contracts/orders';
import { screen, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type ApiCall, fakeApi } from '../../../testing/fake-api';
import { anOrder } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { AdminOrdersList } from './admin-orders-table';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const orderOf = (n: number): Order =>
  anOrder({
    _id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
    customerName: `Customer ${n}`,
  });

/** Answers every list request with 9 orders in all (2 pages of 7), the page's rows only. */
function serveOrders(): ApiCall[] {
  return fakeApi(({ url }) => {
    if (url.pathname !== '/api/admin/orders') return undefined;
    const page = Number(url.searchParams.get('page'));
    const first = (page - 1) * 7 + 1;
    const count = Math.min(7, 9 - first + 1);
    return [
      200,
      {
        items: Array.from({ length: count }, (_, i) => orderOf(first + i)),
        total: 9,
        page,
        pageSize: 7,
      },
    ];
  });
}

/** Where the app is, and a Back button as the browser has one. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="address">{location.search}</p>
      <button onClick={() => navigate(-1)}>Browser back</button>
    </>
  );
}

const view = (route: string) =>
  renderWithProviders(
    <>
      <AdminOrdersList pageSize={7} caption="Total Orders" />
      <Address />
    </>,
    { route },
  );
const address = () => screen.getByTestId('address').textContent;
const lastListQuery = (calls: ApiCall[]) =>
  Object.fromEntries(
    calls.filter((c) => c.url.pathname === '/api/admin/orders').at(-1)!.url.searchParams,
  );

describe('/total-orders', () => {
  it('reads its page and filters from the address, and asks the server for them', async () => {
    const calls = serveOrders();
    view('/total-orders?q=ada&payment=Paid&status=Delivered&from=2026-11-01&to=2026-11-30&page=2');

    const table = await screen.findByRole('table', { name: 'Total Orders' });
    expect(within(table).getByText('Customer 8')).toBeInTheDocument();
    expect(lastListQuery(calls)).toStrictEqual({
      q: 'ada',
      paymentStatus: 'Paid',
      orderStatus: 'Delivered',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '2',
      pageSize: '7',
    });
    // The form shows the address' filters, and the CSV link exports the same selection.
    expect(screen.getByRole('searchbox', { name: 'Customer name or e-mail' })).toHaveValue('ada');
    expect(screen.getByRole('combobox', { name: 'Payment Status' })).toHaveValue('Paid');
    expect(screen.getByRole('combobox', { name: 'Delivery Status' })).toHaveValue('Delivered');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/orders/export.csv?q=ada&paymentStatus=Paid&orderStatus=Delivered&from=2026-11-01&to=2026-11-30',
    );
  });

  it('filters and pages into the address; Back restores the filtered, paged list', async () => {
    const calls = serveOrders();
    const { user } = view('/total-orders');
    await screen.findByText('Customer 1');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/orders/export.csv',
    );
    // The accountant's export of every invoice and credit note.
    expect(screen.getByRole('link', { name: 'Export invoices CSV' })).toHaveAttribute(
      'href',
      '/api/admin/invoices/export.csv',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Customer name or e-mail' }), ' grace ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment Status' }), 'UnPaid');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(address()).toBe('?q=grace&payment=UnPaid');

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(address()).toBe('?q=grace&payment=UnPaid&page=2');
    expect(await screen.findByText('Customer 8')).toBeInTheDocument();
    expect(lastListQuery(calls)).toMatchObject({ q: 'grace', paymentStatus: 'UnPaid', page: '2' });

    // Clearing starts again unfiltered at page 1; Back brings the filtered page 2 and its form back.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address()).toBe('');
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(address()).toBe('?q=grace&payment=UnPaid&page=2');
    expect(await screen.findByText('Customer 8')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Customer name or e-mail' })).toHaveValue('grace');
    expect(screen.getByRole('combobox', { name: 'Payment Status' })).toHaveValue('UnPaid');
  });

  it('filters monthly plans into the address and shows their price per month', async () => {
    const calls = fakeApi(({ url }) => {
      if (url.pathname !== '/api/admin/orders') return undefined;
      const monthly = url.searchParams.get('billing') === 'monthly';
      return [
        200,
        {
          items: [monthly ? anOrder({ billing: 'monthly' }) : orderOf(1)],
          total: 1,
          page: 1,
          pageSize: 7,
        },
      ];
    });
    const { user } = view('/total-orders');
    const table = await screen.findByRole('table', { name: 'Total Orders' });
    expect(within(table).getByText('Premium')).toBeInTheDocument();
    const billing = screen.getByRole('combobox', { name: 'Billing' });
    expect(
      within(billing)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'One-off', 'Monthly']);

    await user.selectOptions(billing, 'Monthly');
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    expect(address()).toBe('?billing=monthly');
    expect(await within(table).findByText('Premium — $499.00/month')).toBeInTheDocument();
    expect(lastListQuery(calls)).toStrictEqual({ billing: 'monthly', page: '1', pageSize: '7' });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/orders/export.csv?billing=monthly',
    );
  });

  it('ignores values the address should not have', async () => {
    const calls = serveOrders();
    view('/total-orders?payment=Lost&status=Shipped&billing=yearly&from=yesterday&page=0');
    await screen.findByText('Customer 1');
    expect(lastListQuery(calls)).toStrictEqual({ page: '1', pageSize: '7' });
  });
});
