import { afterEach, describe, expect, it } from '@jest/globals';
import { type Order, ORDER_TEXTS } from '@contracts/orders';
import { PAYMENT_TEXTS } from '@contracts/payments';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { errorBody, fakeApi } from '../../testing/fake-api';
import { anAccount, anOrder } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { OrderCancelledRoute, PayNowRoute, ReceivedPaymentRoute } from './payment-pages';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const session = { account: anAccount({ isAdmin: false }), googleSignIn: false };

function Pages() {
  return (
    <Routes>
      <Route path="/received-payment/:id" element={<ReceivedPaymentRoute />} />
      <Route path="/order-cancelled/:id" element={<OrderCancelledRoute />} />
      <Route path="/pay-now/:id" element={<PayNowRoute />} />
    </Routes>
  );
}

/** The customer's order as GET /api/orders/{id} answers it (404 without one). */
function serveOrder(order: Order | undefined, cancel?: [number, unknown]) {
  return fakeApi(({ method, url }) => {
    if (url.pathname === '/api/auth/session') return [200, session];
    if (method === 'GET' && url.pathname === `/api/orders/${ID}`) {
      return order ? [200, order] : [404, errorBody(404, ORDER_TEXTS.notYours)];
    }
    if (method === 'POST' && url.pathname === `/api/orders/${ID}/cancel`) return cancel;
    return undefined;
  });
}

/** The page's one heading, once it is `name` (it says 'loading' first). */
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const main = () => screen.getByRole('heading', { level: 1 }).closest('header')!.parentElement!;

/** The way on from every outcome: My Orders and the dashboard. */
function expectWayOn() {
  expect(within(main()).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
    'href',
    '/my-order',
  );
  expect(within(main()).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('/received-payment/{id}', () => {
  it('thanks for a paid order, shows it and the way on', async () => {
    serveOrder(anOrder({ _id: ID, paymentStatus: 'Paid' }));
    renderWithProviders(<Pages />, { route: `/received-payment/${ID}` });
    await heading('Thank you');
    expect(screen.getByText(ORDER_TEXTS.paid)).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByText('$499.00')).toBeInTheDocument();
    expectWayOn();
  });

  it('says "No such order" for an id that is not the customer’s, and no "Thank you"', async () => {
    serveOrder(undefined);
    renderWithProviders(<Pages />, { route: `/received-payment/${ID}` });
    await heading('No such order');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText('Thank you')).toBeNull();
    expectWayOn();
  });

  it.each([
    [{ paymentStatus: 'UnPaid', paymentHold: null }, 'Not paid yet', PAYMENT_TEXTS.waiting],
    [
      { paymentStatus: 'UnPaid', paymentHold: 'pending' },
      'Payment pending at PayPal',
      PAYMENT_TEXTS.pending,
    ],
    [
      { paymentStatus: 'UnPaid', paymentHold: 'review' },
      'Payment under review',
      PAYMENT_TEXTS.review,
    ],
    [
      { paymentStatus: 'Cancelled', paymentHold: null },
      'This order was cancelled',
      'It was not paid',
    ],
  ] as const)('says what is true of an order that is not paid: %o', async (state, title, text) => {
    serveOrder(anOrder({ _id: ID, ...state }));
    renderWithProviders(<Pages />, { route: `/received-payment/${ID}` });
    await heading(title);
    expect(screen.getByText(text, { exact: false })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.queryByText('Thank you')).toBeNull();
    expectWayOn();
  });
});

describe('/order-cancelled/{id}', () => {
  it('cancels the unpaid order and shows it, with the way on', async () => {
    const calls = serveOrder(anOrder({ _id: ID }), [
      200,
      anOrder({ _id: ID, paymentStatus: 'Cancelled' }),
    ]);
    renderWithProviders(<Pages />, { route: `/order-cancelled/${ID}` });
    expect(await screen.findByText(ORDER_TEXTS.cancelPage)).toBeInTheDocument();
    await heading('Payment cancelled');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expectWayOn();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says the order cannot be cancelled (not "Payment cancelled") when it is paid', async () => {
    serveOrder(anOrder({ _id: ID, paymentStatus: 'Paid' }), [
      409,
      errorBody(409, ORDER_TEXTS.notUnpaid),
    ]);
    renderWithProviders(<Pages />, { route: `/order-cancelled/${ID}` });
    expect(await screen.findByText(ORDER_TEXTS.notUnpaid)).toBeInTheDocument();
    await heading('This order cannot be cancelled');
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText('Payment cancelled')).toBeNull();
    expectWayOn();
  });

  it('says "No such order" for an id that is not the customer’s', async () => {
    serveOrder(undefined, [404, errorBody(404, ORDER_TEXTS.notYours)]);
    renderWithProviders(<Pages />, { route: `/order-cancelled/${ID}` });
    expect(await screen.findByText(ORDER_TEXTS.notYours)).toBeInTheDocument();
    await heading('No such order');
    expectWayOn();
  });
});

describe('/pay-now/{id}', () => {
  it('says the payment is pending at PayPal instead of opening a checkout', async () => {
    const calls = serveOrder(anOrder({ _id: ID, paymentHold: 'pending' }));
    renderWithProviders(<Pages />, { route: `/pay-now/${ID}` });
    await heading('Payment pending at PayPal');
    expect(screen.getByText(PAYMENT_TEXTS.pending)).toBeInTheDocument();
    expect(calls.map((call) => call.url.pathname)).not.toContain(`/api/orders/${ID}/checkout`);
  });
});
