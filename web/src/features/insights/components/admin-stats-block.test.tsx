import { afterEach, describe, expect, it } from '@jest/globals';
import { type AdminStats } from '@contracts/insights';
import { screen, waitFor, within } from '@testing-library/react';
import { type ApiAnswer, errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AdminStatsBlock } from './admin-stats-block';

const zeroSales = { paidOrders: 0, paidTotal: '0.00', refundedOrders: 0, refundedTotal: '0.00' };

const stats: AdminStats = {
  from: '2025-03-02',
  to: '2025-03-04',
  bucket: 'day',
  sales: [
    { start: '2025-03-02', orders: 0, ...zeroSales },
    {
      start: '2025-03-03',
      orders: 3,
      paidOrders: 2,
      paidTotal: '1100.10',
      refundedOrders: 1,
      refundedTotal: '49.00',
    },
    {
      start: '2025-03-04',
      orders: 1,
      paidOrders: 1,
      paidTotal: '0.20',
      ...{ refundedOrders: 0 },
      refundedTotal: '0.00',
    },
  ],
  stages: [
    { orderStatus: 'Pending', paymentStatus: 'Paid', orders: 2 },
    { orderStatus: 'Pending', paymentStatus: 'Refunded', orders: 1 },
    { orderStatus: 'Delivered', paymentStatus: 'Paid', orders: 1 },
  ],
  subscribers: [
    { start: '2025-03-02', gained: 0, lost: 0 },
    { start: '2025-03-03', gained: 2, lost: 0 },
    { start: '2025-03-04', gained: 0, lost: 1 },
  ],
};

const empty: AdminStats = {
  ...stats,
  sales: stats.sales.map(({ start }) => ({ start, orders: 0, ...zeroSales })),
  stages: [],
  subscribers: stats.subscribers.map(({ start }) => ({ start, gained: 0, lost: 0 })),
};

/** Answers GET /api/admin/stats with `answer`, and records the queries asked. */
function serve(answer: () => ApiAnswer) {
  return fakeApi(({ url }) => (url.pathname === '/api/admin/stats' ? answer() : undefined));
}

/** Each row's cells' text, header cells included. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the admin home’s charts', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('captions each chart with its totals and shows the same numbers as tables', async () => {
    const calls = serve(() => [200, stats]);
    const { user } = renderWithProviders(<AdminStatsBlock />);

    expect(
      await screen.findByRole('figure', {
        name: 'Revenue per day $1100.30 paid, $49.00 refunded, 4 orders in the last 90 days.',
      }),
    ).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('bucket')).toBe('day');
    const { from, to } = Object.fromEntries(calls[0]!.url.searchParams);
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(89);

    await user.click(screen.getAllByText('Show as table')[0]!);
    expect(rowsOf(screen.getByRole('table', { name: 'Revenue per day' }))).toStrictEqual([
      ['Day', 'Orders', 'Paid orders', 'Paid', 'Refunded orders', 'Refunded'],
      ['2 Mar 2025', '0', '0', '$0.00', '0', '$0.00'],
      ['3 Mar 2025', '3', '2', '$1100.10', '1', '$49.00'],
      ['4 Mar 2025', '1', '1', '$0.20', '0', '$0.00'],
    ]);
    expect(
      rowsOf(screen.getByRole('table', { name: 'Orders by status 4 orders in the last 90 days.' })),
    ).toStrictEqual([
      ['Order Status', 'Payment Status', 'Orders', 'Share'],
      ['Pending', 'Paid', '2', ''],
      ['Pending', 'Refunded', '1', ''],
      ['Delivered', 'Paid', '1', ''],
    ]);
    expect(
      screen.getByRole('figure', {
        name: 'Subscribers per day 2 gained, 1 lost in the last 90 days.',
      }),
    ).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Subscribers per day' }))).toStrictEqual([
      ['Day', 'Gained', 'Lost'],
      ['2 Mar 2025', '0', '0'],
      ['3 Mar 2025', '2', '0'],
      ['4 Mar 2025', '0', '1'],
    ]);
  });

  it('keeps the range and the bucket in the address, and asks for them', async () => {
    const calls = serve(() => [200, { ...stats, bucket: 'week' }]);
    const { user } = renderWithProviders(<AdminStatsBlock />, {
      route: '/admin?statsDays=30&statsPer=week',
    });
    expect(
      await screen.findByRole('figure', { name: /^Revenue per week .* in the last 30 days\.$/ }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Range')).toHaveValue('30');
    expect(screen.getByLabelText('Per')).toHaveValue('week');
    const first = Object.fromEntries(calls[0]!.url.searchParams);
    expect(first.bucket).toBe('week');
    expect((Date.parse(first.to!) - Date.parse(first.from!)) / 86_400_000).toBe(29);
    expect(screen.getAllByText('Week of 3 Mar 2025')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Range'), 'Last 365 days');
    await user.selectOptions(screen.getByLabelText('Per'), 'Month');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('bucket')).toBe('month'));
    const last = Object.fromEntries(calls.at(-1)!.url.searchParams);
    expect((Date.parse(last.to!) - Date.parse(last.from!)) / 86_400_000).toBe(364);
  });

  it('says when the range has no orders and no subscribers', async () => {
    serve(() => [200, empty]);
    renderWithProviders(<AdminStatsBlock />);
    expect(await screen.findAllByText('No orders in the last 90 days.')).toHaveLength(2);
    expect(screen.getByText('No subscribers gained or lost in the last 90 days.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Show as table')).toBeNull();
  });

  it("shows the server's message and Try again when the numbers cannot be loaded", async () => {
    let up = false;
    serve(() => (up ? [200, stats] : [500, errorBody(500, 'The sums are off.')]));
    const { user } = renderWithProviders(<AdminStatsBlock />);
    const alert = (await screen.findByText('At a glance could not be loaded.')).closest(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent('The sums are off.');
    up = true;
    await user.click(within(alert as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('figure', { name: /^Revenue per day/ })).toBeInTheDocument();
  });

  it('asks again when the live feed (or an admin’s change) makes the orders or subscribers stale', async () => {
    const calls = serve(() => [200, stats]);
    const { queryClient } = renderWithProviders(<AdminStatsBlock />);
    await screen.findByRole('figure', { name: /^Revenue per day/ });
    expect(calls).toHaveLength(1);
    // A query of another feature under the roots the live feed invalidates.
    queryClient.setQueryData(['admin-subscribers', 'page', 1], { items: [] });
    void queryClient.invalidateQueries({ queryKey: ['admin-subscribers'] });
    await waitFor(() => expect(calls).toHaveLength(2));
    queryClient.setQueryData(['unrelated'], 1);
    void queryClient.invalidateQueries({ queryKey: ['unrelated'] });
    queryClient.setQueryData(['orders', 'summary'], {});
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    await waitFor(() => expect(calls).toHaveLength(3));
  });
});
