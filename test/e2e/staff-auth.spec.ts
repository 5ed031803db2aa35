import { totpCode } from '../../src/modules/identity/domain/totp.js';
import { mailTo, strongPassword, uniqueEmail } from '../support/identity.js';
import { expect, test } from './fixtures.js';

/**
 * An admin invites a new admin from /add-user; the invitee opens the e-mailed link, chooses their
 * password, enrols in two-factor sign-in from the dashboard (the code computed from the secret shown,
 * as an authenticator app would) and signs in again with password and code.
 */
test('invite an admin, accept by the e-mailed link, enrol two-factor sign-in, sign in with a code', async ({
  page,
  stack,
}) => {
  const email = uniqueEmail('invitee');
  const password = strongPassword();

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(stack.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(stack.adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/add-user');
  await page.getByLabel('User Email').fill(email);
  // "Send an invitation" is the default.
  await expect(page.getByLabel(/Send an invitation/)).toBeChecked();
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User Is Added').first()).toBeVisible();

  const mail = await stack.mailbox.waitFor(
    mailTo(email, 'You are invited to the admin area'),
    30_000,
  );
  const base = stack.publicUrl.replace(/\/$/, '');
  const link = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/invitation/[\\w-]+`).exec(
    mail.text,
  )?.[0];
  expect(link).toBeDefined();

  // The invitee, in a browser without the admin's session.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // Signed out, then in again: the password, then the code.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const code = page.getByLabel('Code (or a recovery code)');
  await expect(code).toBeVisible();
  // The next step's code: the enrolment used this one (a code works once).
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Two-factor sign-in/ })).toContainText('On');
  await page.goto('/add-user');
  await expect(page.getByRole('heading', { name: 'Admin Users' })).toBeVisible();
});
