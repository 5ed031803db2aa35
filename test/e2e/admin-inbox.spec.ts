/**
 * The admin inbox in Chromium: a visitor's message from the contact form shows in the admin home's
 * Unread table; the admin opens it, marks it read and finds it in the Read table (and by sender on
 * /all-messages/); an unknown message is the not-found page; a filtered, paged subscriber list comes
 * back with Back and a reload.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { logIn } from './accounts.js';
import { expect, test } from './fixtures.js';

test('a visitor sends a message; the admin reads it, marks it read and it moves to the Read table', async ({
  page,
  stack,
}) => {
  const id = randomBytes(4).toString('hex');
  const visitor = {
    name: `Grace Hopper ${id}`,
    email: `grace-${id}@example.test`,
    number: '+1 555 0100',
    subject: `Ranking drop ${id}`,
    message: `Our shop fell from page one. <b>Help</b>?\nSecond line (${id})`,
  };

  await page.goto('/contact');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
  await form.getByLabel('Name', { exact: true }).fill(visitor.name);
  await form.getByLabel('Email', { exact: true }).fill(visitor.email);
  await form.getByLabel('Phone Number', { exact: true }).fill(visitor.number);
  await form.getByLabel('Subject', { exact: true }).fill(visitor.subject);
  await form.getByLabel('Message', { exact: true }).fill(visitor.message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message is Send')).toBeVisible();
  await expect(page).toHaveURL(/\/thanks$/);

  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome to Admin Panel' })).toBeVisible();
  const unread = page.getByRole('table', { name: 'Unread Messages', exact: true });
  const read = page.getByRole('table', { name: 'Read Messages', exact: true });
  await expect(read).toBeVisible();
  await expect(read).not.toContainText(visitor.subject);
  await unread
    .getByRole('row', { name: new RegExp(visitor.subject) })
    .getByRole('link', { name: /View Message/ })
    .click();

  await expect(page).toHaveURL(/\/view\/[0-9a-f-]{36}$/);
  const details = page.getByRole('article', { name: visitor.subject });
  for (const value of [visitor.name, visitor.email, visitor.number]) {
    await expect(details.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(details.getByText('UnRead', { exact: true })).toBeVisible();
  // The message as it was typed: its markup as text, its line break kept.
  const text = details.locator('.message-text');
  await expect(text).toHaveText(visitor.message);
  await expect(text.locator('b')).toHaveCount(0);
  await expect(text).toHaveCSS('white-space', 'pre-wrap');
  await expect(details.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    `mailto:${visitor.email}?subject=${encodeURIComponent(`Re: ${visitor.subject}`)}`,
  );

  await details.getByRole('button', { name: 'Mark Read' }).click();
  await expect(page.getByText('Message is Read')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Mark Read' })).toHaveCount(0);
  await expect(details.getByText('Read', { exact: true })).toBeVisible();

  await page.goto('/admin');
  await expect(read.getByRole('row', { name: new RegExp(visitor.subject) })).toBeVisible();
  await expect(unread).toBeVisible();
  await expect(unread).not.toContainText(visitor.subject);

  // /all-messages/ finds it by its sender, now Read.
  await page.goto('/all-messages/');
  await page.getByLabel('Sender (name or e-mail)').fill(visitor.email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const all = page.getByRole('table', { name: 'All Messages', exact: true });
  await expect(all.getByRole('row')).toHaveCount(2);
  await expect(all.getByRole('row', { name: new RegExp(visitor.subject) })).toContainText('Read');
});

test('an unknown or malformed message address is the not-found page', async ({ page, stack }) => {
  await logIn(page, stack.adminEmail, stack.adminPassword);
  for (const id of [randomUUID(), 'not-a-message']) {
    await page.goto(`/view/${id}`);
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.getByRole('button', { name: 'Mark Read' })).toHaveCount(0);
  }
});

test('Back and a reload bring a filtered, paged subscriber list back as it was', async ({
  page,
  stack,
}) => {
  // Seven unsubscribed addresses, older than any other (two pages of 5 at least, the list's last).
  const db = new pg.Client({ connectionString: stack.services.databaseUrl });
  await db.connect();
  try {
    const id = randomBytes(3).toString('hex');
    for (let n = 1; n <= 7; n += 1) {
      await db.query(
        `insert into subscriber (id, email, status, created_at, unsubscribed_at)
         values ($1, $2, 'unsubscribed', $3, $3)`,
        [randomUUID(), `gone-${id}-${n}@example.test`, new Date(Date.UTC(2020, 0, n))],
      );
    }
  } finally {
    await db.end();
  }
  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto('/all-subscriber/');
  const table = page.getByRole('table', { name: 'All Subscribers' });
  const status = page.getByLabel('Status');
  const rows = () => table.getByRole('row').allTextContents();
  await expect(table).toBeVisible();

  await status.selectOption('unsubscribed');
  await expect(page).toHaveURL(/\/all-subscriber\/\?status=unsubscribed$/);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/all-subscriber\/\?status=unsubscribed&page=2$/);
  await expect(table.getByRole('row').nth(1)).toContainText(/^6/);
  const secondPage = await rows();
  expect(secondPage.join('\n')).toContain('Unsubscribed');
  expect(secondPage.join('\n')).not.toMatch(/Confirmed|Pending/);

  // Away to another screen, then Back: the same filter, page and rows.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Messages' })
    .click();
  await expect(page.getByRole('heading', { name: 'All Messages', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/all-subscriber\/\?status=unsubscribed&page=2$/);
  await expect(status).toHaveValue('unsubscribed');
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect.poll(rows).toEqual(secondPage);

  // A reload (or the link shared) shows it too; Back again, page 1 of the filter.
  await page.reload();
  await expect(status).toHaveValue('unsubscribed');
  await expect.poll(rows).toEqual(secondPage);
  await page.goBack();
  await expect(page).toHaveURL(/\/all-subscriber\/\?status=unsubscribed$/);
  await expect(table.getByRole('row').nth(1)).toContainText(/^1/);
  await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
