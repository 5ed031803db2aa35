import { afterEach, describe, expect, it } from '@jest/globals';
import { type OrderPaypal, type UnappliedPayment } from '@contracts/payments';
import { screen, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderPaypalPanel } from './order-paypal-panel';

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const PAYMENT_ID = 'bbbbbbbb-0000-4000-8000-000000000002';
const REFUND_PATH = `/api/admin/orders/${ORDER_ID}/unapplied-payments/${PAYMENT_ID}/refund`;
const realFetch = globalThis.fetch;

const unapplied = (changes: Partial<UnappliedPayment> = {}): UnappliedPayment => ({
  _id: PAYMENT_ID,
  channel: 'checkout',
  reference: '5TY05013RG002845M',
  amount: '499.00',
  reason: '$499.00 arrived through PayPal (5TY05013RG002845M) while the order was cancelled',
  status: 'needs_attention',
  refundId: null,
  detail: null,
  receivedAt: '2026-11-26T10:00:00.000Z',
  refundable: true,
  ...changes,
});

const paypal = (payments: UnappliedPayment[]): OrderPaypal => ({
  integration: 'checkout',
  paypalOrderId: '8AB12345CD678901E',
  status: 'ABANDONED',
  captureId: null,
  refundId: null,
  detail: 'Abandoned: the order was cancelled',
  refundable: false,
  unappliedPayments: payments,
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the PayPal panel of an order', () => {
  it('lists money the order did not take and refunds it once confirmed, showing the refunded state only when the server did it', async () => {
    let refunded = false;
    const after = paypal([unapplied({ status: 'refunded', refundable: false, refundId: 'R1' })]);
    const calls = fakeApi((call) => {
      if (call.method === 'GET') return [200, refunded ? after : paypal([unapplied()])];
      if (call.method === 'POST' && call.url.pathname === REFUND_PATH) {
        refunded = true;
        return [200, after];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<OrderPaypalPanel orderId={ORDER_ID} />);

    const section = await screen.findByRole('region', {
      name: 'Payments not applied to this order',
    });
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'One payment needs attention: the order did not take it',
    );
    expect(section).toHaveTextContent('$499.00 (5TY05013RG002845M) — Needs attention');
    await user.click(within(section).getByRole('button', { name: 'Refund this payment' }));
    const confirmation = await screen.findByRole('alertdialog');
    await user.click(within(confirmation).getByRole('button', { name: 'Refund this payment' }));

    expect(await within(section).findByText(/— Refunded/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Refund this payment' })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((c) => c.url.pathname)).toEqual([
      REFUND_PATH,
    ]);
  });

  it("keeps the payment as it was and says the server's reason when the refund is refused", async () => {
    fakeApi((call) => {
      if (call.method === 'GET') return [200, paypal([unapplied()])];
      return [409, errorBody(409, 'A refund of this payment is already under way.')];
    });
    const { user } = renderWithProviders(<OrderPaypalPanel orderId={ORDER_ID} />);

    const section = await screen.findByRole('region', {
      name: 'Payments not applied to this order',
    });
    await user.click(within(section).getByRole('button', { name: 'Refund this payment' }));
    const confirmation = await screen.findByRole('alertdialog');
    await user.click(within(confirmation).getByRole('button', { name: 'Refund this payment' }));

    expect(
      await screen.findByText('A refund of this payment is already under way.'),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent('— Needs attention');
  });

  it('tells where to refund a Payments Standard transaction, which has no refund button', async () => {
    fakeApi(() => [
      200,
      {
        ...paypal([unapplied({ channel: 'standard', reference: '9XK', refundable: false })]),
        integration: 'standard',
        paypalOrderId: null,
        status: null,
      },
    ]);
    renderWithProviders(<OrderPaypalPanel orderId={ORDER_ID} />);

    const section = await screen.findByRole('region', {
      name: 'Payments not applied to this order',
    });
    expect(section).toHaveTextContent('refund transaction 9XK there');
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
