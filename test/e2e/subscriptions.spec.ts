/**
 * A monthly retainer as a customer lives it, in Chromium, with the simulator standing in for PayPal
 * (its subscription buttons, approval popup and testers' dashboard): subscribe to Premium monthly, see
 * the next billing date, a second month's charge with its own receipt, and cancel from the dashboard.
 * The stack sells every package monthly, as the demo content ships (the other files' stack bills them
 * one-off).
 */
import { formatOrderDate } from '../../src/contracts/orders.js';
import { mailTo } from '../support/identity.js';
import { logIn, orderAndOpenPayNow, verifiedAccount } from './accounts.js';
import { expect, test } from './fixtures.js';

test.use({ packageBilling: 'monthly' });

/** A calendar month after `date` (the simulator bills on the start's day of the month). */
function monthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

test('a customer subscribes to Premium monthly, sees the next billing date, is charged a second month and cancels from the dashboard', async ({
  page,
  stack,
}) => {
  const customer = await verifiedAccount(stack);
  const customerName = `Grace Hopper ${customer.email.split('@')[0]}`;
  await logIn(page, customer.email, customer.password);

  // The pricing page sells it per month.
  await page.goto('/pricing/');
  await expect(page.getByText('$499.00/month').first()).toBeVisible();
  const orderId = await orderAndOpenPayNow(page, 'Premium', customerName);
  await expect(page.getByText('$499.00/month USD')).toBeVisible();

  // PayPal's subscription buttons: approved in PayPal's popup, confirmed by the server.
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'PayPal (simulator)' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText('499.00 USD')).toBeVisible();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await closed;
  const startedOn = new Date();
  await expect(page).toHaveURL(new RegExp(`/received-payment/${orderId}$`));
  await expect(page.getByText('You Have Paid')).toBeVisible({ timeout: 30_000 });
  await stack.mailbox.waitFor(mailTo(customer.email, 'Payment receipt: Premium package'), 30_000);

  // The dashboard lists the plan: active, $499.00/month, billed next a month on, one payment.
  await page.goto('/dashboard');
  const plans = page.getByRole('region', { name: 'Subscriptions' });
  const plan = plans.getByRole('listitem').filter({ hasText: 'Premium' }).first();
  await expect(plan).toContainText('Active');
  await expect(plan).toContainText('$499.00/month');
  await expect(plan).toContainText(formatOrderDate(monthAfter(startedOn).toISOString()));
  await expect(plan).toContainText('1 payment');

  // A month passes at PayPal (the simulator's dashboard): the second charge, with its own receipt.
  const paypal = await page.context().newPage();
  await paypal.goto('/paypal-simulator/billing/subscriptions');
  await paypal
    .getByRole('row')
    .filter({ hasText: orderId })
    .getByRole('button', { name: 'Charge now' })
    .click();
  await stack.mailbox.waitFor(
    mailTo(customer.email, 'Payment receipt: Premium package (month 2)'),
    30_000,
  );
  await paypal.close();
  await page.reload();
  await expect(plan).toContainText('2 payments, $998.00 in all');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Spent (USD)' })).toContainText(
    '$998.00',
  );

  // Cancel, confirmed in the dialog: nothing more is charged, the service runs to the paid month's end.
  const paidUntil = formatOrderDate(monthAfter(monthAfter(startedOn)).toISOString());
  await plan.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your Premium plan?' });
  await expect(dialog).toContainText(`the service continues until ${paidUntil}`);
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(
    page.getByText(`Subscription cancelled: the service continues until ${paidUntil}.`),
  ).toBeVisible();
  await expect(plan).toContainText('Cancelled');
  await expect(plan).toContainText(`Service until ${paidUntil}`);
  await expect(plan.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await stack.mailbox.waitFor(mailTo(customer.email, 'Your Premium plan is cancelled'), 30_000);
});
