/**
 * The journeys as a new customer lives them, in Chromium: from the pricing page's Order Now through
 * Sign Up, the verification e-mail and the login to the order form they came for; then the order
 * pages, which say what is true of the order and always show the way on.
 */
import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { MAIL_SUBJECTS, mailTo, strongPassword, uniqueEmail } from '../support/identity.js';
import { expect, test } from './fixtures.js';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The page's own links to My Orders and the dashboard (not the header's). */
async function expectWayOn(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-order');
  await expect(main.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
}

test('a visitor orders from the pricing page, signs up, verifies the e-mail, logs in and lands on the order form; the order pages tell the truth', async ({
  page,
  stack,
}) => {
  const email = uniqueEmail('journey');
  const password = strongPassword();

  // Order Now as a visitor: the login page, then Sign Up, which keeps where they were going.
  await page.goto('/pricing/');
  await page.getByRole('link', { name: 'Order Now: Premium package' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Forder-now%2F[\w-]+$/);
  const orderForm = decodeURIComponent(new URL(page.url()).searchParams.get('next')!);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  // Spec: after registering the visitor goes to /.
  await expect(page).toHaveURL(new RegExp(`^${stack.publicUrl}/$`));

  // The verification e-mail's link carries the order form on.
  const mail = await stack.mailbox.waitFor(mailTo(email, MAIL_SUBJECTS.verify), 30_000);
  const link = new RegExp(`${stack.publicUrl}/verify-email\\?token=[\\w-]+&next=[^\\s"<>]+`).exec(
    mail.text,
  )?.[0];
  expect(link, mail.text).toContain(`&next=${encodeURIComponent(orderForm)}`);
  await page.goto(link!);
  await expect(page.getByText(AUTH_MESSAGES.emailVerified)).toBeVisible();
  await page.getByRole('link', { name: 'Go to the login page' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  // Loaded afresh (the server renders one /login for all), the page still carries the way on.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
    'href',
    `/register?next=${encodeURIComponent(orderForm)}`,
  );

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${orderForm}$`));
  await expect(heading(page)).toHaveText('Buying Your SEO Plan');
  await expect(page.getByText('$499.00')).toBeVisible();

  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Place Order Now' }).click();
  await expect(page).toHaveURL(/\/pending-order$/);
  const payNow = page.getByRole('row', { name: /Premium/ }).getByRole('link', { name: 'Pay Now' });
  const orderId = (await payNow.getAttribute('href'))!.split('/pay-now/')[1]!;

  // An order that was not paid is no "Thank you".
  await page.goto(`/received-payment/${orderId}`);
  await expect(heading(page)).toHaveText('Not paid yet');
  await expectWayOn(page);

  // PayPal's cancel page cancels it, shows it and moves on after 1.5 s to the dashboard, whose table
  // shows the package and price. The page's clock is paused and moved on 20 ms at a time until the
  // page is there, so that the checks never race the move.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
  await page.goto(`/order-cancelled/${orderId}`);
  await expect(async () => {
    await page.clock.runFor(20);
    await expect(heading(page)).toHaveText('Payment cancelled', { timeout: 50 });
  }).toPass();
  await expect(page.getByText('You have cancelled the payment')).toBeVisible();
  await expectWayOn(page);
  await expect(page).toHaveURL(/\/order-cancelled\//);
  await page.clock.runFor(1500);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.clock.resume();
  await expect(
    page.getByRole('table', { name: 'My Orders' }).getByRole('row', { name: /Premium/ }),
  ).toContainText(/Ada Lovelace.*Premium.*\$499\.00.*You Have Cancelled/);

  // Opened again, the order is cancelled already; the return page says so too.
  await page.goto(`/order-cancelled/${orderId}`);
  await expect(heading(page)).toHaveText('Order cancelled');
  await page.goto(`/received-payment/${orderId}`);
  await expect(heading(page)).toHaveText('This order was cancelled');
  await page.goto(`/received-payment/${randomUUID()}`);
  await expect(heading(page)).toHaveText('No such order');
  await expectWayOn(page);

  // The pending orders are the open ones; My Orders keeps every order.
  await page.goto('/pending-order');
  await expect(page.getByText('You have no open orders.')).toBeVisible();
  await page.goto('/my-order');
  await expect(page.getByRole('row', { name: /Premium/ })).toContainText('You Have Cancelled');
});
