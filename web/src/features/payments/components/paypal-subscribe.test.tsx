import { afterEach, describe, expect, it } from '@jest/globals';
import { type Checkout, PAYMENT_TEXTS } from '@contracts/payments';
import { SUBSCRIPTION_TEXTS } from '@contracts/subscriptions';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
// First: PayPal's SDK is replaced before the pay page loads it.
import { scriptOptions } from '../../../testing/paypal-sdk';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { CheckoutForm } from './checkout-form';

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const CHECKOUT: Checkout = {
  ready: true,
  integration: 'subscription',
  mode: 'simulator',
  clientId: 'client-1',
  sdkUrl: 'http://localhost:4010/sdk/js',
  packageName: 'Premium',
  amount: '499.00',
};
const realFetch = globalThis.fetch;

afterEach(() => {
  globalThis.fetch = realFetch;
  scriptOptions.length = 0;
});

function renderPayPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/pay-now/:id" element={<CheckoutForm orderId={ORDER_ID} />} />
      <Route path="/received-payment/:id" element={<h1>Payment received</h1>} />
    </Routes>,
    { route: `/pay-now/${ORDER_ID}` },
  );
}

describe('subscribing to a monthly plan on the pay page', () => {
  it('shows the monthly price, subscribes through PayPal and goes on once the server found it active', async () => {
    const calls = fakeApi(({ method, url }) => {
      if (method === 'GET') return [200, CHECKOUT];
      if (url.pathname === `/api/orders/${ORDER_ID}/paypal-subscription`) {
        return [200, { subscriptionId: 'I-SUB1' }];
      }
      if (url.pathname === `/api/orders/${ORDER_ID}/paypal-subscription/activate`) {
        return [200, { outcome: 'active', message: SUBSCRIPTION_TEXTS.activated }];
      }
      return undefined;
    });
    const { user } = renderPayPage();

    expect(await screen.findByText('$499.00/month USD')).toBeInTheDocument();
    expect(screen.getByText(/billed monthly .* until you cancel/i)).toBeInTheDocument();
    expect(scriptOptions.at(-1)).toStrictEqual({
      clientId: 'client-1',
      vault: true,
      intent: 'subscription',
      sdkBaseUrl: 'http://localhost:4010/sdk/js',
    });
    await user.click(screen.getByRole('button', { name: 'PayPal subscribe' }));

    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      [`/api/orders/${ORDER_ID}/paypal-subscription`, undefined],
      [`/api/orders/${ORDER_ID}/paypal-subscription/activate`, { subscriptionId: 'I-SUB1' }],
    ]);
  });

  it('stays on the page with the reason when PayPal has not confirmed the subscription', async () => {
    fakeApi(({ method, url }) => {
      if (method === 'GET') return [200, CHECKOUT];
      if (url.pathname.endsWith('/activate')) {
        return [200, { outcome: 'not-approved', message: SUBSCRIPTION_TEXTS.notApproved }];
      }
      return [200, { subscriptionId: 'I-SUB1' }];
    });
    const { user } = renderPayPage();

    await user.click(await screen.findByRole('button', { name: 'PayPal subscribe' }));

    expect(await screen.findByText(SUBSCRIPTION_TEXTS.notApproved)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment received' })).toBeNull();
  });

  it("says the server's reason when the subscription cannot be made, and that a cancel leaves it payable", async () => {
    fakeApi(({ method }) =>
      method === 'GET'
        ? [200, CHECKOUT]
        : [502, errorBody(502, SUBSCRIPTION_TEXTS.paypalUnavailable)],
    );
    const { user } = renderPayPage();

    await user.click(await screen.findByRole('button', { name: 'PayPal subscribe' }));
    expect(await screen.findByText(SUBSCRIPTION_TEXTS.paypalUnavailable)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close PayPal' }));
    expect(await screen.findByText(PAYMENT_TEXTS.cancelledAtPaypal)).toBeInTheDocument();
  });
});
