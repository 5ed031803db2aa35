import { afterEach, describe, expect, it } from '@jest/globals';
import { SUBSCRIPTION_TEXTS } from '@contracts/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { aSubscription } from '../../../testing/subscriptions';
import { subscriptionsKeys } from '../api/subscriptions';
import { CustomerSubscriptions } from './customer-subscriptions';

const SUBSCRIPTION_ID = aSubscription()._id;
const CANCEL_PATH = `/api/subscriptions/${SUBSCRIPTION_ID}/cancel`;
const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("the customer's subscriptions on the dashboard", () => {
  it('lists a plan with its monthly price, next billing date and payments with their invoices', async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/subscriptions' ? [200, [aSubscription()]] : undefined,
    );
    renderWithProviders(<CustomerSubscriptions />);

    const section = await screen.findByRole('region', { name: 'Subscriptions' });
    const plan = within(section).getByRole('listitem', { name: 'Premium' });
    expect(plan).toHaveTextContent('$499.00/month');
    expect(plan).toHaveTextContent('Active');
    expect(plan).toHaveTextContent('Next billing01/03/2027');
    expect(plan).toHaveTextContent('2 payments, $998.00 in all');
    const payments = within(plan).getByRole('list', { name: 'Payments of the Premium plan' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '12/03/2026 — $499.00 — Invoice INV-2026-0002',
      '11/03/2026 — $499.00 — Invoice INV-2026-0001',
    ]);
    expect(within(payments).getByRole('link', { name: 'Invoice INV-2026-0001' })).toHaveAttribute(
      'href',
      '/api/invoices/eeeeeeee-0000-4000-8000-000000000001.pdf',
    );
    expect(within(plan).queryByRole('alert')).toBeNull();
  });

  it('shows nothing to a customer without a monthly plan', async () => {
    fakeApi(() => [200, []]);
    const { queryClient } = renderWithProviders(<CustomerSubscriptions />);

    await waitFor(() =>
      expect(queryClient.getQueryState(subscriptionsKeys.mine())?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Subscriptions' })).toBeNull();
  });

  it('links a failed payment to PayPal to fix it', async () => {
    fakeApi(() => [
      200,
      [
        aSubscription({
          failedPayments: 1,
          lastFailedAt: '2027-01-03T10:00:00.000Z',
          fixPaymentUrl: 'https://www.paypal.com/myaccount/autopay/connect/I-BW452GLLEP1G',
        }),
      ],
    ]);
    renderWithProviders(<CustomerSubscriptions />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SUBSCRIPTION_TEXTS.paymentFailed);
    expect(
      within(alert).getByRole('link', { name: SUBSCRIPTION_TEXTS.fixAtPaypal }),
    ).toHaveAttribute('href', 'https://www.paypal.com/myaccount/autopay/connect/I-BW452GLLEP1G');
  });

  it('cancels once confirmed, says until when the service runs and shows the plan cancelled', async () => {
    let cancelled = false;
    const after = aSubscription({
      status: 'CANCELLED',
      nextBillingAt: null,
      endsAt: '2027-01-03T10:00:00.000Z',
      cancelledAt: '2026-12-10T10:00:00.000Z',
      statusChangedBy: 'customer',
    });
    const calls = fakeApi(({ method, url }) => {
      if (method === 'GET') return [200, [cancelled ? after : aSubscription()]];
      if (url.pathname === CANCEL_PATH) {
        cancelled = true;
        return [200, after];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<CustomerSubscriptions />);

    const plan = await screen.findByRole('listitem', { name: 'Premium' });
    await user.click(within(plan).getByRole('button', { name: 'Cancel' }));
    const confirmation = await screen.findByRole('alertdialog');
    expect(confirmation).toHaveTextContent(SUBSCRIPTION_TEXTS.cancelConfirm('01/03/2027'));
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(SUBSCRIPTION_TEXTS.cancelled('01/03/2027'))).toBeInTheDocument();
    expect(await within(plan).findByText('Cancelled')).toBeInTheDocument();
    expect(plan).toHaveTextContent('Service until 01/03/2027');
    expect(within(plan).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      CANCEL_PATH,
    ]);
  });

  it("keeps the plan as it was and says the server's reason when the cancel fails", async () => {
    fakeApi(({ method }) =>
      method === 'GET'
        ? [200, [aSubscription()]]
        : [502, errorBody(502, SUBSCRIPTION_TEXTS.paypalUnavailable)],
    );
    const { user } = renderWithProviders(<CustomerSubscriptions />);

    const plan = await screen.findByRole('listitem', { name: 'Premium' });
    await user.click(within(plan).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel subscription',
      }),
    );

    expect(await screen.findByText(SUBSCRIPTION_TEXTS.paypalUnavailable)).toBeInTheDocument();
    expect(plan).toHaveTextContent('Active');
    expect(within(plan).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
