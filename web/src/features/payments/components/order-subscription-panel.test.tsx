import { afterEach, describe, expect, it } from '@jest/globals';
import { SUBSCRIPTION_TEXTS } from '@contracts/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { aSubscription } from '../../../testing/subscriptions';
import { subscriptionsKeys } from '../api/subscriptions';
import { OrderSubscriptionPanel } from './order-subscription-panel';

const ORDER_ID = aSubscription().orderId;
const PATH = `/api/admin/orders/${ORDER_ID}/subscription`;
const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("the subscription panel of an admin's order", () => {
  it('shows the subscription and pauses it with a reason once confirmed, then offers Resume', async () => {
    let status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE';
    const calls = fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === PATH) return [200, aSubscription({ status })];
      if (method === 'POST' && url.pathname === `${PATH}/suspend`) {
        status = 'SUSPENDED';
        return [200, aSubscription({ status, statusChangedBy: 'admin' })];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<OrderSubscriptionPanel orderId={ORDER_ID} />);

    const panel = await screen.findByRole('region', { name: 'Subscription' });
    expect(panel).toHaveTextContent('Active');
    expect(panel).toHaveTextContent('$499.00/month');
    expect(panel).toHaveTextContent('Next billing01/03/2027');
    expect(panel).toHaveTextContent('Failed payments0');
    expect(panel).toHaveTextContent('2 payments, $998.00 in all');
    expect(within(panel).queryByRole('button', { name: 'Move to the current price' })).toBeNull();

    // A reason first.
    await user.click(within(panel).getByRole('button', { name: 'Pause' }));
    expect(await within(panel).findByText('Reason is required')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Holiday break');
    await user.click(within(panel).getByRole('button', { name: 'Pause' }));
    const confirmation = await screen.findByRole('alertdialog');
    await user.click(within(confirmation).getByRole('button', { name: 'Pause subscription' }));

    expect(await screen.findByText(SUBSCRIPTION_TEXTS.suspended)).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      [`${PATH}/suspend`, { reason: 'Holiday break' }],
    ]);
  });

  it('moves a subscription to the current price once confirmed', async () => {
    let migrated = false;
    const calls = fakeApi(({ method, url }) => {
      if (method === 'GET') {
        return [
          200,
          migrated ? aSubscription({ price: '549.00' }) : aSubscription({ currentPrice: '549.00' }),
        ];
      }
      if (url.pathname === `${PATH}/migrate`) {
        migrated = true;
        return [200, aSubscription({ price: '549.00' })];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<OrderSubscriptionPanel orderId={ORDER_ID} />);

    const panel = await screen.findByRole('region', { name: 'Subscription' });
    expect(panel).toHaveTextContent('Current price$549.00/month');
    await user.click(within(panel).getByRole('button', { name: 'Move to the current price' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Move to the current price',
      }),
    );

    expect(await screen.findByText(SUBSCRIPTION_TEXTS.migrated('$549.00'))).toBeInTheDocument();
    expect(panel).toHaveTextContent('Price$549.00/month');
    expect(within(panel).queryByRole('button', { name: 'Move to the current price' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `${PATH}/migrate`,
    ]);
  });

  it("says the server's reason when PayPal refuses, and keeps the subscription as it was", async () => {
    fakeApi(({ method }) =>
      method === 'GET'
        ? [200, aSubscription()]
        : [502, errorBody(502, SUBSCRIPTION_TEXTS.paypalUnavailable)],
    );
    const { user } = renderWithProviders(<OrderSubscriptionPanel orderId={ORDER_ID} />);

    const panel = await screen.findByRole('region', { name: 'Subscription' });
    await user.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'Asked by phone');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel subscription',
      }),
    );

    expect(await screen.findByText(SUBSCRIPTION_TEXTS.paypalUnavailable)).toBeInTheDocument();
    expect(panel).toHaveTextContent('Active');
  });

  it('shows no panel for an order without a subscription', async () => {
    fakeApi(() => [404, errorBody(404, SUBSCRIPTION_TEXTS.notFound)]);
    const { queryClient } = renderWithProviders(<OrderSubscriptionPanel orderId={ORDER_ID} />);

    await waitFor(() =>
      expect(queryClient.getQueryState(subscriptionsKeys.ofOrder(ORDER_ID))?.status).toBe(
        'success',
      ),
    );
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
