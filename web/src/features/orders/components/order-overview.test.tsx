import { afterEach, describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { fakeApi } from '../../../testing/fake-api';
import { anOrder } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { OrderOverview } from './order-overview';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the order overview’s customer', () => {
  it('tells the admin that the customer’s address bounced as a newsletter address, and why', async () => {
    fakeApi(({ url }) => (url.pathname.endsWith('/invoices') ? [200, []] : undefined));
    const order = anOrder({
      customerEmail: 'ada@example.test',
      customerMailFlag: {
        status: 'bounced',
        reason: 'SES Permanent bounce (General): 550 user unknown',
        since: '2026-11-20T09:00:00.000Z',
      },
    });
    renderWithProviders(<OrderOverview order={order} viewer="admin" />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Newsletter address bounced (SES Permanent bounce (General): 550 user unknown)',
    );
  });

  it('shows nothing of the kind for an address that did not bounce', async () => {
    fakeApi(({ url }) => (url.pathname.endsWith('/invoices') ? [200, []] : undefined));
    renderWithProviders(
      <OrderOverview order={anOrder({ customerMailFlag: null })} viewer="admin" />,
    );
    expect(await screen.findByText(/Customer/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
