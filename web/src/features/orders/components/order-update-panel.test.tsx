import { afterEach, describe, expect, it } from '@jest/globals';
import { type Order } from '@contracts/orders';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fake-api';
import { aDispute, anOrder } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { OrderUpdatePanel } from './order-update-panel';

const ORDER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const realFetch = globalThis.fetch;

const openDispute = aDispute({
  resolutionCentreUrl: 'https://www.sandbox.paypal.com/resolutioncenter',
});

/** Ada's order, paid through PayPal. */
const order = (changes: Partial<Order>): Order =>
  anOrder({
    customerAddress: 'NA',
    customerCountry: 'NA',
    paymentStatus: 'Paid',
    paidAt: '2026-11-03T10:05:00.000Z',
    paidVia: 'paypal',
    ...changes,
  });

function serve(answer: Order) {
  fakeApi(({ method, url }) =>
    method === 'GET' && url.pathname === `/api/admin/orders/${ORDER_ID}`
      ? [200, answer]
      : undefined,
  );
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the admin order screen', () => {
  it('shows an open dispute with PayPal’s reason and amount, and links to the Resolution Center', async () => {
    serve(order({ paymentStatus: 'Disputed', dispute: openDispute }));
    renderWithProviders(<OrderUpdatePanel orderId={ORDER_ID} />);

    const card = await screen.findByRole('region', { name: 'Payment disputed at PayPal' });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'The buyer disputed this payment at PayPal, which holds the money until the dispute is resolved.',
    );
    const details = within(card)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(details).toStrictEqual([
      'PP-D-27803',
      'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      '$499.00',
      '11/24/2026',
    ]);
    const link = within(card).getByRole('link', { name: 'Open PayPal’s Resolution Center' });
    expect(link).toHaveAttribute('href', 'https://www.sandbox.paypal.com/resolutioncenter');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Disputed (PayPal)')).toBeInTheDocument();
    // A disputed order is not unpaid: no offline payment, no cancelling.
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it.each([
    ['seller', 'Paid', 'Resolved in the seller’s favour: the payment stays with the shop.'],
    ['refunded', 'Refunded', 'Resolved in the buyer’s favour: the payment was refunded.'],
    ['reversed', 'Reversed', 'PayPal took the payment back (a reversal or chargeback).'],
  ] as const)('shows a dispute resolved (%s) with how it ended', async (outcome, status, text) => {
    serve(
      order({
        paymentStatus: status,
        dispute: {
          ...openDispute,
          amount: '45.00',
          currency: 'EUR',
          resolvedAt: '2026-11-25T09:00:00.000Z',
          outcome,
        },
      }),
    );
    renderWithProviders(<OrderUpdatePanel orderId={ORDER_ID} />);

    const card = await screen.findByRole('region', { name: 'Dispute resolved' });
    expect(within(card).getByRole('status')).toHaveTextContent(text);
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(within(card).getByText('45.00 EUR')).toBeInTheDocument();
    expect(within(card).getByText('11/25/2026')).toBeInTheDocument();
  });

  it('shows no dispute for an order PayPal never reported one of', async () => {
    serve(order({}));
    renderWithProviders(<OrderUpdatePanel orderId={ORDER_ID} />);

    expect(await screen.findByText('Paid (PayPal)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /dispute/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /Resolution Center/ })).toBeNull();
  });
});
