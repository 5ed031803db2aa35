/**
 * PayPal Checkout as a customer and an admin use it, in Chromium, with the simulator standing in for
 * PayPal (its buttons script and approval popup): pay, cancel at PayPal and pay later, a declined card
 * and another one, and a refund.
 */
import { type Page } from '@playwright/test';
import { mailTo } from '../support/identity.js';
import { logIn, orderAndOpenPayNow, verifiedAccount } from './accounts.js';
import { expect, test } from './fixtures.js';

/** Clicks PayPal's button and answers in PayPal's popup window. */
async function atPaypal(
  page: Page,
  answer: 'Pay' | 'Cancel and return to the shop' | 'Pay with a card that is declined',
) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'PayPal (simulator)' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'PayPal simulator' })).toBeVisible();
  await expect(popup.getByText('499.00 USD')).toBeVisible();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: answer, exact: true }).click();
  await closed;
}

test('a customer pays with PayPal Checkout, cancels once first; the admin refunds and the customer is told', async ({
  page,
  stack,
}) => {
  const customer = await verifiedAccount(stack);
  const customerName = `Katherine Johnson ${customer.email.split('@')[0]}`;
  await logIn(page, customer.email, customer.password);
  const orderId = await orderAndOpenPayNow(page, 'Premium', customerName);
  await expect(page.getByText('$499.00 USD')).toBeVisible();

  // Cancelled at PayPal: back on the pay page, still payable.
  await atPaypal(page, 'Cancel and return to the shop');
  await expect(page.getByText('You cancelled at PayPal. Your order is still unpaid')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/pay-now/${orderId}$`));

  // Approved at PayPal: the server captures, and the order is Paid.
  await atPaypal(page, 'Pay');
  await expect(page).toHaveURL(new RegExp(`/received-payment/${orderId}$`));
  await expect(page.getByText('You Have Paid')).toBeVisible({ timeout: 30_000 });
  await page.goto('/dashboard');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Spent (USD)' })).toContainText(
    '$499.00',
  );
  await stack.mailbox.waitFor(mailTo(customer.email, 'Payment receipt: Premium package'), 30_000);

  // The admin sees the PayPal payment, with the webhook PayPal sent, and refunds it.
  await page.getByRole('button', { name: 'Signout' }).click();
  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto(`/admin/payment-status/${orderId}`);
  const payment = page.getByRole('region', { name: 'PayPal payment' });
  await expect(payment).toContainText('COMPLETED');
  await expect(page.getByRole('table', { name: 'PayPal notifications' })).toContainText(
    'PAYMENT.CAPTURE.COMPLETED',
  );
  const paymentStatus = page.locator('dt:text-is("Payment Status") + dd');
  await expect(paymentStatus).toHaveText('Paid (PayPal)');
  await payment.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Payment refunded')).toBeVisible();
  await expect(payment).toContainText('REFUNDED');
  // The order screen follows without a reload (the worker applies the refund a moment later), and the
  // refund confirmed itself once.
  await expect(paymentStatus).toHaveText('Refunded (PayPal)', { timeout: 15_000 });
  expect(await page.locator('[data-sonner-toast]').count()).toBe(1);

  // The customer sees it and has the e-mail.
  await stack.mailbox.waitFor(mailTo(customer.email, 'Your Premium payment is refunded'), 30_000);
  await page.context().clearCookies();
  await logIn(page, customer.email, customer.password);
  const myOrders = page.getByRole('table', { name: 'My Orders' });
  await expect(myOrders).toContainText('Refunded');
  await expect(page.getByRole('listitem').filter({ hasText: 'Total Spent (USD)' })).toContainText(
    '$0.00',
  );
});

test('a declined card tells the buyer to choose another, and the restarted buttons take the next one', async ({
  page,
  stack,
}) => {
  const customer = await verifiedAccount(stack);
  await logIn(page, customer.email, customer.password);
  const orderId = await orderAndOpenPayNow(
    page,
    'Premium',
    `Dorothy Vaughan ${customer.email.split('@')[0]}`,
  );

  // The simulator sends CHECKOUT.ORDER.APPROVED to the shop too: whichever capture reaches PayPal
  // first, the buyer hears that the card was declined, never "not approved yet".
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'PayPal (simulator)' }).click();
  const popup = await opened;
  await popup.getByRole('button', { name: 'Pay with a card that is declined' }).click();
  await expect(
    page.getByText('PayPal declined that payment method. Please choose another one.'),
  ).toBeVisible();
  await expect(page.getByText(/not approved/)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/pay-now/${orderId}$`));

  // The buttons restart: PayPal opens again for another card (a new window, or the same one reused).
  const openPopups = () =>
    page
      .context()
      .pages()
      .filter((p) => p !== page && !p.isClosed());
  await expect.poll(() => openPopups().length, { timeout: 15_000 }).toBe(1);
  const again = openPopups()[0]!;
  await again.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/received-payment/${orderId}$`));
  await expect(page.getByText('You Have Paid')).toBeVisible({ timeout: 30_000 });
});

test('a buyer disputes a paid order at PayPal: the admin sees it, answers it in the Resolution Center, and the order is Paid again', async ({
  page,
  stack,
}) => {
  const customer = await verifiedAccount(stack);
  const customerName = `Mary Jackson ${customer.email.split('@')[0]}`;
  await logIn(page, customer.email, customer.password);
  const orderId = await orderAndOpenPayNow(page, 'Premium', customerName);
  await atPaypal(page, 'Pay');
  await expect(page.getByText('You Have Paid')).toBeVisible({ timeout: 30_000 });

  // The buyer opens a dispute at PayPal (the simulator's Resolution Center stands in for the buyer).
  await page.goto('/paypal-simulator/resolutioncenter');
  const payment = page.locator('li.payment').filter({ hasText: orderId });
  const transactionId = await payment.getAttribute('data-transaction-id');
  await payment.getByRole('button', { name: 'Open a dispute' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  // PayPal's webhook reaches the shop: every admin is e-mailed, and the order shows the dispute.
  await page.goto('/');
  await page.context().clearCookies();
  await logIn(page, stack.adminEmail, stack.adminPassword);
  await stack.mailbox.waitFor(
    mailTo(stack.adminEmail, 'Payment disputed: Premium, $499.00'),
    30_000,
  );
  await page.goto('/admin');
  await expect(
    page.getByRole('table', { name: 'Open Disputes' }).getByRole('link', {
      name: `Open the dispute: ${customerName}, Premium`,
    }),
  ).toBeVisible();
  await page.goto(`/admin/payment-status/${orderId}`);
  const dispute = page.getByRole('region', { name: 'Payment disputed at PayPal' });
  await expect(dispute).toContainText('$499.00');
  const paymentStatus = page.locator('dt:text-is("Payment Status") + dd');
  await expect(paymentStatus).toHaveText(/^Disputed/);
  await expect(
    dispute.getByRole('link', { name: 'Open PayPal’s Resolution Center' }),
  ).toHaveAttribute('href', '/paypal-simulator/resolutioncenter');

  // PayPal decides for the seller: the order is Paid again, and the card says how it ended.
  await page.goto('/paypal-simulator/resolutioncenter');
  await page
    .locator('li.dispute')
    .filter({ hasText: transactionId ?? '' })
    .getByRole('button', { name: 'Seller wins' })
    .click();
  await expect(page.getByRole('status')).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.goto(`/admin/payment-status/${orderId}`);
        await expect(paymentStatus).toBeVisible();
        return paymentStatus.textContent();
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toMatch(/^Paid/);
  await expect(page.getByRole('region', { name: 'Dispute resolved' })).toContainText(
    'Resolved in the seller’s favour',
  );
});
