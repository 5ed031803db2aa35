/**
 * The shop as a customer and an admin use it, in Chromium: a customer orders a package from the
 * pricing page, follows it on the dashboard; an admin records the payment and delivers it.
 */
import { mailTo } from '../support/identity.js';
import { logIn, orderAndOpenPayNow, verifiedAccount } from './accounts.js';
import { expect, test } from './fixtures.js';

// This file pays through Payments Standard (the PayPal form); checkout.spec.ts through PayPal Checkout.
test.use({ paymentIntegration: 'standard' });

test('a customer orders Premium from the pricing page; the admin records the payment and delivers it', async ({
  page,
  stack,
}) => {
  const customer = await verifiedAccount(stack);
  await logIn(page, customer.email, customer.password);

  await page.goto('/pricing/');
  await page.getByRole('link', { name: 'Order Now: Premium package' }).click();
  await expect(page.getByRole('heading', { name: 'Buying Your SEO Plan' })).toBeVisible();
  await expect(page.getByText('Premium', { exact: true })).toBeVisible();
  await expect(page.getByText('$499.00')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);

  // Full Name is required: nothing is sent without it.
  await page.getByRole('button', { name: 'Place Order Now' }).click();
  await expect(page.getByText('Full Name is Required')).toBeVisible();
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Place Order Now' }).click();

  await expect(page).toHaveURL(/\/pending-order$/);
  await expect(page.getByRole('heading', { name: 'Your Pending Orders' })).toBeVisible();
  const row = page.getByRole('row', { name: /Premium/ });
  await expect(row.getByRole('link', { name: 'Pay Now' })).toBeVisible();
  const orderMail = await stack.mailbox.waitFor(
    mailTo(customer.email, 'Your order: Premium package'),
    30_000,
  );
  expect(orderMail.text).toContain('/pay-now/');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome to User Dashboard' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Spent (USD)' })).toContainText(
    '$0.00',
  );

  // The admin sees the order, records a payment received by bank transfer, and delivers it.
  await page.getByRole('button', { name: 'Signout' }).click();
  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto('/admin');
  await page
    .getByRole('table', { name: 'Total Orders' })
    .getByRole('link', { name: /Update Order: Ada Lovelace/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/payment-status\//);
  await page.getByLabel('Reason').fill('Paid by bank transfer');
  await page.getByRole('button', { name: 'Record payment' }).click();
  await page.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await page.getByLabel('Order Status').selectOption('Delivered');
  await page.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('OrderStatus is Updated')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Sales' })).not.toContainText(
    '$0.00',
  );

  await stack.mailbox.waitFor(mailTo(customer.email, 'Payment receipt: Premium package'), 30_000);
  await stack.mailbox.waitFor(mailTo(customer.email, 'Your Premium order is delivered'), 30_000);

  // The PayPal e-mail card leads to its edit screen, which keeps who changed it.
  await page.getByRole('link', { name: 'payments@seo-agency.test' }).click();
  await expect(page.getByRole('heading', { name: 'Update Paypal Email' })).toBeVisible();
  await page.getByLabel('Paypal Email').fill('billing@seo-agency.test');
  await page.getByRole('button', { name: 'Update Paypal Email' }).click();
  await expect(page.getByText('Paypal Email Updated')).toBeVisible();
  await expect(page.getByText(`by ${stack.adminEmail}`)).toBeVisible();

  // Back as the customer: paid, and counted in Total Spent.
  await page.context().clearCookies();
  await logIn(page, customer.email, customer.password);
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Spent (USD)' })).toContainText(
    '$499.00',
  );
  await expect(page.getByRole('table', { name: 'My Orders' })).toContainText('You Have Paid');
});

test('a customer pays an order at the PayPal simulator and cancels another there; the admin delivers it', async ({
  page,
  stack,
}) => {
  const customer = await verifiedAccount(stack);
  // Unique, so that the admin's tables show this test's orders whatever other tests ordered.
  const customerName = `Grace Hopper ${customer.email.split('@')[0]}`;
  await logIn(page, customer.email, customer.password);

  const order = async (packageName: string) => {
    await orderAndOpenPayNow(page, packageName, customerName);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page.getByRole('heading', { name: 'PayPal simulator' })).toBeVisible();
  };

  // Paid at the simulator: the return page waits for PayPal's verified notification.
  await order('Premium');
  await expect(page.getByText('499.00 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/received-payment\//);
  await expect(page.getByText('You Have Paid')).toBeVisible({ timeout: 30_000 });

  // Cancelled at the simulator: back on the site it is cancelled, then the dashboard.
  await order('Basic');
  await page.getByRole('link', { name: 'Cancel and return to the shop' }).click();
  await expect(page.getByText('You have cancelled the payment')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const table = page.getByRole('table', { name: 'My Orders' });
  await expect(table).toContainText('You Have Paid');
  await expect(table).toContainText('You Have Cancelled');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Spent (USD)' })).toContainText(
    '$499.00',
  );

  // The admin sees both orders and the sale, and delivers the paid one.
  await page.getByRole('button', { name: 'Signout' }).click();
  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto('/admin');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Sales' })).not.toContainText(
    '$0.00',
  );
  await page.goto('/total-orders');
  const rows = page.getByRole('row').filter({ hasText: customerName });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Basic' })).toContainText('Cancelled');
  const paidRow = rows.filter({ hasText: 'Premium' });
  await expect(paidRow).toContainText('Paid');
  await paidRow.getByRole('link', { name: /^Update:/ }).click();
  await expect(page).toHaveURL(/\/admin\/payment-status\//);
  await page.getByLabel('Order Status').selectOption('Delivered');
  await page.getByRole('button', { name: 'Update Status' }).click();
  await expect(page.getByText('OrderStatus is Updated')).toBeVisible();

  // The customer's mailbox: the order with its Pay link, the receipt and the delivery.
  const orderMail = await stack.mailbox.waitFor(
    mailTo(customer.email, 'Your order: Premium package'),
    30_000,
  );
  expect(orderMail.text).toContain('/pay-now/');
  await stack.mailbox.waitFor(mailTo(customer.email, 'Payment receipt: Premium package'), 30_000);
  await stack.mailbox.waitFor(mailTo(customer.email, 'Your Premium order is delivered'), 30_000);
});
