/**
 * The shop's steps in the e2e tests: a verified customer made through the API, logging in as a person,
 * and ordering a package from the pricing page.
 */
import { type Page } from '@playwright/test';
import { HttpClient } from '../support/http-client.js';
import { createAccount, type CreatedAccount } from '../support/identity.js';
import { expect, type Stack } from './fixtures.js';

export function verifiedAccount(stack: Stack): Promise<CreatedAccount> {
  return createAccount(new HttpClient(stack.app.baseUrl), stack.mailbox, stack.publicUrl);
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Orders a package from the pricing page and opens its Pay Now; returns the order's id. */
export async function orderAndOpenPayNow(
  page: Page,
  packageName: string,
  customerName: string,
): Promise<string> {
  await page.goto('/pricing/');
  await page.getByRole('link', { name: `Order Now: ${packageName} package` }).click();
  await page.getByLabel('Full Name').fill(customerName);
  await page.getByRole('button', { name: 'Place Order Now' }).click();
  await expect(page).toHaveURL(/\/pending-order$/);
  await page
    .getByRole('row', { name: new RegExp(packageName) })
    .getByRole('link', { name: 'Pay Now' })
    .click();
  await expect(page).toHaveURL(/\/pay-now\//);
  return page.url().split('/pay-now/')[1]!;
}
