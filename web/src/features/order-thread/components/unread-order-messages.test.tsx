import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { UnreadOrderMessages } from './unread-order-messages';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const counts = {
  total: 3,
  orders: [
    {
      orderId: 'aaaaaaaa-0000-4000-8000-000000000002',
      packageName: 'Premium',
      customerName: 'Ada Lovelace',
      unread: 2,
      latestAt: '2026-11-20T12:00:00.000Z',
    },
    {
      orderId: 'aaaaaaaa-0000-4000-8000-000000000003',
      packageName: 'Basic',
      customerName: 'Ada Lovelace',
      unread: 1,
      latestAt: '2026-11-19T12:00:00.000Z',
    },
  ],
};

describe('the unread messages block', () => {
  it('lists the customer’s orders with unread messages, each linking to its order page', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/orders/unread' ? [200, counts] : undefined));
    renderWithProviders(<UnreadOrderMessages viewer="customer" />);
    const block = await screen.findByRole('region', { name: /Unread messages/ });
    const link = await within(block).findByRole('link', { name: 'Your Premium order' });
    expect(link).toHaveAttribute('href', '/orders/aaaaaaaa-0000-4000-8000-000000000002');
    expect(within(block).getByText('2 unread messages')).toBeVisible();
    expect(within(block).getByText('1 unread message')).toBeVisible();
    expect(within(block).getByRole('link', { name: 'Your Basic order' })).toHaveAttribute(
      'href',
      '/orders/aaaaaaaa-0000-4000-8000-000000000003',
    );
  });

  it('shows the admins the customers’ unread messages, or that there are none', async () => {
    let answer = counts;
    fakeApi(({ url }) => (url.pathname === '/api/admin/orders/unread' ? [200, answer] : undefined));
    const { unmount } = renderWithProviders(<UnreadOrderMessages viewer="admin" />);
    const block = await screen.findByRole('region', { name: /Unread customer messages/ });
    expect(
      await within(block).findByRole('link', { name: 'Ada Lovelace: Premium' }),
    ).toHaveAttribute('href', '/orders/aaaaaaaa-0000-4000-8000-000000000002');
    unmount();

    answer = { total: 0, orders: [] };
    renderWithProviders(<UnreadOrderMessages viewer="admin" />);
    expect(await screen.findByText('No unread customer messages.')).toBeVisible();
  });

  it('shows why the counts could not be loaded', async () => {
    fakeApi(() => [503, { statusCode: 503, message: 'Back in a minute.' }]);
    renderWithProviders(<UnreadOrderMessages viewer="customer" />);
    expect(await screen.findByText('Back in a minute.')).toBeVisible();
  });
});
