/** Accounts in the e2e tests: a verified customer made through the API, and logging in as a person. */
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
