import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ORDER_TEXTS } from '@contracts/orders';
import { type OrderPaypal, type PaymentNotification } from '@contracts/payments';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { REFUND_FOLLOW } from '../../features/payments/api/checkout';
import { type ApiCall, fakeApi as fakeApiOf } from '../../testing/fake-api';
import { anAccount, anOrder } from '../../testing/fixtures';
import { aSubscription } from '../../testing/subscriptions';
import { renderWithProviders } from '../../testing/render';
import { PaymentStatusRoute } from './admin-orders';

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const NOTIFICATION_ID = 'dddddddd-0000-4000-8000-000000000004';
const ORDER_PATH = `/api/admin/orders/${ORDER_ID}`;
const realFetch = globalThis.fetch;
const realFollow = { ...REFUND_FOLLOW };

const paidOrder = anOrder({
  paymentStatus: 'Paid',
  paidVia: 'paypal',
  paidAt: '2026-11-03T10:05:00.000Z',
});

const paypal = (changes: Partial<OrderPaypal> = {}): OrderPaypal => ({
  integration: 'checkout',
  paypalOrderId: '8AB12345CD678901E',
  status: 'COMPLETED',
  captureId: '5TY05013RG002845M',
  refundId: null,
  detail: null,
  refundable: true,
  unappliedPayments: [],
  ...changes,
});

const notification = (changes: Partial<PaymentNotification> = {}): PaymentNotification => ({
  _id: NOTIFICATION_ID,
  channel: 'webhook',
  eventType: 'PAYMENT.CAPTURE.COMPLETED',
  orderId: ORDER_ID,
  txnId: '5TY05013RG002845M',
  paymentStatus: 'COMPLETED',
  receivedAt: '2026-11-03T10:05:00.000Z',
  result: 'failed',
  detail: 'PayPal could not be reached',
  verifiedAt: null,
  ...changes,
});

/** The API as an admin's session reaches it (support and editors see the order without its money). */
const fakeApi: typeof fakeApiOf = (answer) =>
  fakeApiOf((call) =>
    call.url.pathname === '/api/auth/session'
      ? [200, { account: anAccount(), googleSignIn: false }]
      : answer(call),
  );

const view = () =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/payment-status/:id" element={<PaymentStatusRoute />} />
    </Routes>,
    { route: `/admin/payment-status/${ORDER_ID}` },
  );

/** The toasts on screen (sonner's). */
const toasts = () => Array.from(document.querySelectorAll('[data-sonner-toast]'));
const paymentStatus = () =>
  screen.getByText('Payment Status', { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  // The order is read again at once: the test does not wait for time to pass.
  REFUND_FOLLOW.intervalMs = 0;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  Object.assign(REFUND_FOLLOW, realFollow);
});

describe('the admin order screen of a monthly plan', () => {
  const answers = (order: typeof paidOrder) =>
    fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === ORDER_PATH) return [200, order];
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/subscription`) {
        return [200, aSubscription({ orderId: ORDER_ID })];
      }
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/paypal`) return [200, paypal()];
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/notifications`) return [200, []];
      return undefined;
    });

  it('shows the subscription of a monthly order', async () => {
    answers({ ...paidOrder, billing: 'monthly' });
    view();
    expect(await screen.findByRole('region', { name: 'Subscription' })).toBeVisible();
  });

  it('never asks for a subscription of a one-off order (it has none: no 404 in the console)', async () => {
    const calls = answers(paidOrder);
    view();
    await screen.findByRole('region', { name: 'PayPal payment' });
    expect(screen.queryByRole('region', { name: 'Subscription' })).toBeNull();
    expect(calls.map((call) => call.url.pathname)).not.toContain(`${ORDER_PATH}/subscription`);
  });
});

describe('the admin order screen follows what the admin did', () => {
  it('after Refund, says Refunded once the order took it in, with one toast', async () => {
    let refunded = false;
    /** The worker applies the refund: the order still reads Paid the first time after. */
    let readsAfterRefund = 0;
    const calls: ApiCall[] = fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === ORDER_PATH) {
        if (refunded) readsAfterRefund += 1;
        return [
          200,
          readsAfterRefund >= 2
            ? { ...paidOrder, paymentStatus: 'Refunded', refundedAt: '2026-11-26T10:00:00.000Z' }
            : paidOrder,
        ];
      }
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/paypal`) {
        return [200, refunded ? paypal({ status: 'REFUNDED', refundable: false }) : paypal()];
      }
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/notifications`) return [200, []];
      if (method === 'POST' && url.pathname === `${ORDER_PATH}/refund`) {
        refunded = true;
        return [200, paypal({ status: 'REFUNDED', refundId: '1JU08902', refundable: false })];
      }
      return undefined;
    });
    const { user } = view();
    const payment = await screen.findByRole('region', { name: 'PayPal payment' });
    expect(paymentStatus()).toBe('Paid (PayPal)');

    await user.click(within(payment).getByRole('button', { name: 'Refund' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund' }),
    );

    expect(await screen.findByText('Payment refunded')).toBeVisible();
    expect(within(payment).getByText('1JU08902')).toBeVisible();
    await waitFor(() => expect(paymentStatus()).toBe('Refunded (PayPal)'));
    expect(toasts()).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('Update Status shows the server’s answer at once, with one toast', async () => {
    let delivered = false;
    fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === ORDER_PATH) {
        return [200, delivered ? { ...paidOrder, orderStatus: 'Delivered' } : paidOrder];
      }
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/paypal`) return [200, paypal()];
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/notifications`) return [200, []];
      if (method === 'PUT' && url.pathname === `${ORDER_PATH}/status`) {
        delivered = true;
        return [200, { ...paidOrder, orderStatus: 'Delivered' }];
      }
      return undefined;
    });
    const { user } = view();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Order Status' }), [
      'Delivered',
    ]);
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText(ORDER_TEXTS.statusUpdated)).toBeVisible();
    expect(
      screen.getByText('Order Status', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('Delivered');
    expect(toasts()).toHaveLength(1);
  });

  it('Verify again confirms once and shows the notification pending, then its result', async () => {
    let sent = false;
    let reads = 0;
    fakeApi(({ method, url }) => {
      if (method === 'GET' && url.pathname === ORDER_PATH) return [200, paidOrder];
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/paypal`) return [200, paypal()];
      if (method === 'GET' && url.pathname === `${ORDER_PATH}/notifications`) {
        if (sent) reads += 1;
        // Still pending when first read again; verified the time after.
        return [
          200,
          [
            !sent
              ? notification()
              : reads < 2
                ? notification({ result: 'pending', detail: null })
                : notification({ result: 'verified', detail: null }),
          ],
        ];
      }
      if (
        method === 'POST' &&
        url.pathname === `/api/admin/payment-notifications/${NOTIFICATION_ID}/verify`
      ) {
        sent = true;
        return [202, null];
      }
      return undefined;
    });
    const { user, queryClient } = view();
    const table = await screen.findByRole('table', { name: 'PayPal notifications' });
    expect(table).toHaveTextContent('failed');
    await user.click(within(table).getByRole('button', { name: 'Verify again' }));

    expect(await screen.findByText('Sent to PayPal for verification again')).toBeVisible();
    expect(await within(table).findByText('pending')).toBeVisible();
    expect(within(table).queryByRole('button', { name: 'Verify again' })).toBeNull();
    // The next look (every 2 s on screen) finds it verified.
    await queryClient.refetchQueries({ queryKey: ['payments', 'notifications', ORDER_ID] });
    expect(await within(table).findByText('verified')).toBeVisible();
    expect(toasts()).toHaveLength(1);
  });
});

describe('the order screen as support sees it', () => {
  it('shows the order, without the updates and the money (PayPal, subscription, notifications)', async () => {
    const calls = fakeApiOf(({ method, url }) => {
      if (url.pathname === '/api/auth/session') {
        return [
          200,
          { account: anAccount({ role: 'support', isAdmin: false }), googleSignIn: false },
        ];
      }
      if (method === 'GET' && url.pathname === ORDER_PATH) return [200, paidOrder];
      return undefined;
    });
    view();
    expect(await screen.findByText('Payment Status', { selector: 'dt' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.url.pathname)).toContain('/api/auth/session'),
    );
    expect(screen.queryByRole('combobox', { name: 'Order Status' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'PayPal payment' })).toBeNull();
    const asked = calls.map((call) => call.url.pathname);
    expect(asked).not.toContain(`${ORDER_PATH}/paypal`);
    expect(asked).not.toContain(`${ORDER_PATH}/notifications`);
  });
});
