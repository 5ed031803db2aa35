import { afterEach, describe, expect, it } from '@jest/globals';
import { shiftDate } from '@contracts/insights';
import { type SubscriptionStats } from '@contracts/subscriptions';
import { screen, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { MonthlyPlansBlock } from './monthly-plans-block';

const PATH = '/api/admin/subscriptions/stats';
const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const realFetch = globalThis.fetch;

const stats: SubscriptionStats = {
  mrr: '1297.00',
  active: 3,
  suspended: 1,
  cancelled: 1,
  started: 4,
  churnPercent: '20.0',
  failing: [
    {
      orderId: ORDER_ID,
      customerEmail: 'ada@example.test',
      packageName: 'Premium',
      failedPayments: 2,
      lastFailedAt: '2026-11-20T09:30:00.000Z',
      status: 'SUSPENDED',
    },
  ],
  mrrByMonth: [
    { month: '2026-10', mrr: '798.00' },
    { month: '2026-11', mrr: '1297.00' },
  ],
};

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("the admin home's monthly plans", () => {
  it("shows MRR, the counts, churn, MRR by month and the failing payments over the charts' range", async () => {
    const calls = fakeApi(({ url }) => (url.pathname === PATH ? [200, stats] : undefined));
    renderWithProviders(<MonthlyPlansBlock />, { route: '/admin?statsDays=90' });

    const block = await screen.findByRole('region', { name: 'Monthly plans' });
    const figures = await within(block).findByLabelText('Monthly plans at a glance');
    expect(figures).toHaveTextContent('MRR$1297.00');
    expect(figures).toHaveTextContent('Active3');
    expect(figures).toHaveTextContent('Suspended1');
    expect(figures).toHaveTextContent('Cancelled in the last 90 days1');
    expect(figures).toHaveTextContent('Churn in the last 90 days20.0%');
    const to = new Date().toISOString().slice(0, 10);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toStrictEqual({
      from: shiftDate(to, 89),
      to,
    });

    const mrr = within(block).getByRole('table', { name: 'Monthly recurring revenue by month' });
    expect(
      within(mrr)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MonthMRR', 'Oct 2026$798.00', 'Nov 2026$1297.00']);
    const failing = within(block).getByRole('table', { name: 'Failing payments' });
    const [, row] = within(failing).getAllByRole('row');
    expect(row).toHaveTextContent('ada@example.test');
    expect(row).toHaveTextContent('Premium');
    expect(row).toHaveTextContent('11/20/2026, 09:30 UTC');
    expect(row).toHaveTextContent('Suspended');
    expect(
      within(row!).getByRole('link', { name: 'Open the order of ada@example.test' }),
    ).toHaveAttribute('href', `/admin/payment-status/${ORDER_ID}`);
  });

  it('says when no payment is failing and when churn has nothing to count', async () => {
    fakeApi(() => [
      200,
      { ...stats, failing: [], churnPercent: null, mrrByMonth: [], mrr: '0.00', active: 0 },
    ]);
    renderWithProviders(<MonthlyPlansBlock />, { route: '/admin' });

    const block = await screen.findByRole('region', { name: 'Monthly plans' });
    expect(await within(block).findByText('No monthly payment is failing.')).toBeInTheDocument();
    expect(within(block).getByLabelText('Monthly plans at a glance')).toHaveTextContent(
      'Churn in the last 90 days—',
    );
  });

  it("says the server's reason when the figures cannot be read", async () => {
    fakeApi(() => [500, errorBody(500, 'The sums are off.')]);
    renderWithProviders(<MonthlyPlansBlock />, { route: '/admin' });

    expect(await screen.findByText('Monthly plans could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The sums are off.');
  });
});
