import { afterEach, describe, expect, it } from '@jest/globals';
import { PAYMENT_TEXTS, type PaymentAccount } from '@contracts/payments';
import { screen, within } from '@testing-library/react';
import { errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { PaymentAccountList } from './payment-account-list';

const FIRST = 'aaaaaaaa-0000-4000-8000-000000000001';
const SECOND = 'bbbbbbbb-0000-4000-8000-000000000002';
const realFetch = globalThis.fetch;

const account = (id: string, paypalEmail: string, active: boolean): PaymentAccount => ({
  _id: id,
  paypalEmail,
  active,
  updatedBy: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the PayPal receiving e-mails', () => {
  it('shows which one payments go to and switches to another once the server did', async () => {
    let active = FIRST;
    const accounts = () => [
      account(FIRST, 'pay@agency.test', active === FIRST),
      account(SECOND, 'billing@agency.test', active === SECOND),
    ];
    const calls = fakeApi((call) => {
      if (call.method === 'GET') return [200, accounts()];
      if (call.method === 'POST' && call.url.pathname.endsWith(`/${SECOND}/activate`)) {
        active = SECOND;
        return [200, accounts()[1]];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<PaymentAccountList />);

    const section = await screen.findByRole('region', { name: 'Receiving e-mails' });
    expect(section).toHaveTextContent("Customers' payments go to pay@agency.test.");
    const list = within(section).getByRole('list', { name: 'PayPal e-mails' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Active');
    // The active one can be edited, neither switched to nor removed.
    expect(within(first!).queryByRole('button')).toBeNull();
    await user.click(
      within(second!).getByRole('button', { name: 'Make active billing@agency.test' }),
    );
    const confirmation = await screen.findByRole('alertdialog');
    await user.click(within(confirmation).getByRole('button', { name: 'Make active' }));

    expect(
      await screen.findByText(PAYMENT_TEXTS.accountActivated('billing@agency.test')),
    ).toBeInTheDocument();
    expect(
      await within(section).findByText("Customers' payments go to", { exact: false }),
    ).toHaveTextContent('billing@agency.test');
    expect(calls.filter((call) => call.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `/api/admin/payment-accounts/${SECOND}/activate`,
    ]);
  });

  it("says the server's reason when a removal is refused, and keeps the e-mail listed", async () => {
    fakeApi((call) => {
      if (call.method === 'GET') {
        return [
          200,
          [account(FIRST, 'pay@agency.test', true), account(SECOND, 'old@agency.test', false)],
        ];
      }
      return [409, errorBody(409, PAYMENT_TEXTS.activeAccountKept)];
    });
    const { user } = renderWithProviders(<PaymentAccountList />);

    await user.click(await screen.findByRole('button', { name: 'Remove old@agency.test' }));
    const confirmation = await screen.findByRole('alertdialog');
    await user.click(within(confirmation).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(PAYMENT_TEXTS.activeAccountKept)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_TEXTS.accountRemoved('old@agency.test'))).toBeNull();
    expect(screen.getByRole('list', { name: 'PayPal e-mails' })).toHaveTextContent(
      'old@agency.test',
    );
  });
});
