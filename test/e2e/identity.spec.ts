import { type Page } from '@playwright/test';
import { AUTH_MESSAGES } from '../../src/contracts/identity.js';
import { HttpClient } from '../support/http-client.js';
import {
  createAccount,
  type CreatedAccount,
  linkFrom,
  MAIL_SUBJECTS,
  mailTo,
  strongPassword,
  uniqueEmail,
} from '../support/identity.js';
import { expect, type Stack, test } from './fixtures.js';

/** A verified account made through the API (register + the mailed link), not signed in here. */
function verifiedAccount(stack: Stack): Promise<CreatedAccount> {
  return createAccount(new HttpClient(stack.app.baseUrl), stack.mailbox, stack.publicUrl);
}

const header = (page: Page) => page.getByRole('banner');

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('register, open the mailed link, log in, see the dashboard, sign out', async ({
  page,
  stack,
}) => {
  const email = uniqueEmail('e2e');
  const password = strongPassword();

  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register', exact: true })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  const mail = await stack.mailbox.waitFor(mailTo(email, MAIL_SUBJECTS.verify), 30_000);
  const link = linkFrom(mail, '/verify-email', stack.publicUrl);
  await page.goto(link.url);
  await expect(page.getByText(AUTH_MESSAGES.emailVerified)).toBeVisible();

  await page.goto('/login');
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome to User Dashboard')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Signout' }).click();
  await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // Signed out for real: the dashboard asks for a login again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('the login page has its heading, fields, button and links', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot password' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Register', exact: true })).toBeVisible();
});

for (const { path, button } of [
  { path: '/login', button: 'Login' },
  { path: '/register', button: 'Register' },
]) {
  test(`${path} shows the validation messages as written`, async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/auth/')) {
        posts.push(request.url());
      }
    });
    await page.goto(path);
    const submit = page.getByRole('button', { name: button, exact: true });
    await submit.click();
    await expect(page.getByText('Email is Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is Required', { exact: true })).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await submit.click();
    await expect(page.getByText('Provide a Valid Email', { exact: true })).toBeVisible();
    await expect(page.getByText('Minimum 6 Characters', { exact: true })).toBeVisible();
    expect(posts, 'nothing was sent to the server').toEqual([]);
  });
}

test('a wrong password shows the login failure message', async ({ page, stack }) => {
  const account = await verifiedAccount(stack);
  await page.goto('/login');
  await fillLogin(page, account.email, strongPassword());
  await expect(
    page.getByText('Incorrect email or password. Please try again.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible();
});

test('a signed-in customer opening /admin has no permission', async ({ page, stack }) => {
  const account = await verifiedAccount(stack);
  await logIn(page, account.email, account.password);
  await page.goto('/admin');
  await expect(page.getByText(AUTH_MESSAGES.noPermission)).toBeVisible();
  await expect(page.getByText('Welcome to Admin Panel')).toHaveCount(0);
});

test('a signed-out visitor opening /dashboard logs in and comes back to it', async ({
  page,
  stack,
}) => {
  const account = await verifiedAccount(stack);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
  await fillLogin(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome to User Dashboard')).toBeVisible();
});

test('the env admin reaches the admin panel and adds an admin user', async ({ page, stack }) => {
  await logIn(page, stack.adminEmail, stack.adminPassword);
  const adminLink = header(page).getByRole('link', { name: 'Admin', exact: true });
  await expect(adminLink).toBeVisible();
  await adminLink.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible();

  const newAdmin = uniqueEmail('new-admin');
  await page.goto('/add-user');
  await expect(page.getByRole('heading', { name: 'Admin Users' })).toBeVisible();
  await page.getByLabel('User Email', { exact: true }).fill(newAdmin);
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User Is Added')).toBeVisible();
  await expect(page.getByText(newAdmin).first()).toBeVisible();

  // It is on the server's list too.
  const admin = new HttpClient(stack.app.baseUrl);
  const login = await admin.post('/api/auth/login', {
    email: stack.adminEmail,
    password: stack.adminPassword,
  });
  expect(login.status).toBe(200);
  const list = await admin.get('/api/admin/users');
  expect(list.status).toBe(200);
  expect((list.body as { userEmail: string }[]).map((user) => user.userEmail)).toContain(newAdmin);
});
