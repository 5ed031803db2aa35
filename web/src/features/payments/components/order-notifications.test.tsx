import { type PaymentNotification } from '@contracts/payments';
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { OrderNotifications } from './order-notifications';

const ORDER_ID = '0b6c1e9a-2f3d-4a5b-8c7d-9e0f1a2b3c4d';

const MISMATCH: PaymentNotification = {
  _id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  channel: 'ipn',
  eventType: null,
  orderId: ORDER_ID,
  txnId: '9XY12345AB678901C',
  paymentStatus: 'Completed',
  receivedAt: '2026-11-01T10:00:00.000Z',
  result: 'mismatch',
  detail: 'The amount differs from the order’s price.',
  verifiedAt: null,
};

describe("an order's PayPal notifications", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('name each cell for the card its row becomes on a phone, Verify again spanning it', async () => {
    fakeApi(({ url }) =>
      url.pathname === `/api/admin/orders/${ORDER_ID}/notifications`
        ? [200, [MISMATCH]]
        : undefined,
    );
    renderWithProviders(<OrderNotifications orderId={ORDER_ID} />);

    const table = await screen.findByRole('table', { name: 'PayPal notifications' });
    expect(table).toHaveClass('data-table--cards');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toStrictEqual([
      'Received',
      'Channel',
      'Transaction',
      'PayPal status',
      'Result',
      'Detail',
      null,
    ]);
    expect(within(cells[6]!).getByRole('button', { name: 'Verify again' })).toBeInTheDocument();
  });
});
