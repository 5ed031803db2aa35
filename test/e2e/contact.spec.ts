import { randomBytes } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const FIELDS = [
  { label: 'Name', required: 'Name is Required' },
  { label: 'Email', required: 'Email is Required' },
  { label: 'Phone Number', required: 'Phone Number is Required' },
  { label: 'Subject', required: 'Subject is Required' },
  { label: 'Message', required: 'Message is Required' },
] as const;

/** Records the POSTs to /api/messages the page makes. */
function trackMessagePosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/messages') {
      posts.push(request.url());
    }
  });
  return posts;
}

test('a visitor sends a message from the landing page and the admin is notified', async ({
  page,
  stack,
}) => {
  const id = randomBytes(4).toString('hex');
  const visitor = {
    name: 'Grace Hopper',
    email: `grace-${id}@example.test`,
    number: '+1 555 0100',
    subject: `Ranking drop ${id}`,
    message: `Our shop fell from page one last week. Can you have a look? (${id})`,
  };

  await page.goto('/');
  const section = page.locator('#contact-sec');
  await section.scrollIntoViewIfNeeded();
  await section.getByLabel('Name', { exact: true }).fill(visitor.name);
  await section.getByLabel('Email', { exact: true }).fill(visitor.email);
  await section.getByLabel('Phone Number', { exact: true }).fill(visitor.number);
  await section.getByLabel('Subject', { exact: true }).fill(visitor.subject);
  await section.getByLabel('Message', { exact: true }).fill(visitor.message);
  await section.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText('Message is Send')).toBeVisible();
  await expect(page).toHaveURL(/\/thanks$/);
  await expect(page.getByText('Thank You !')).toBeVisible();
  await expect(
    page.getByText('We have received your message and will get back to you as soon as possible.'),
  ).toBeVisible();
  const backHome = page.getByRole('link', { name: 'Back Home' });
  await expect(backHome).toBeVisible();

  const adminMail = await stack.mailbox.waitFor(
    (mail) => mail.envelopeTo.includes(stack.adminEmail) && mail.subject.includes(visitor.subject),
    30_000,
  );
  expect(adminMail.replyTo).toEqual([visitor.email]);
  expect(adminMail.text).toContain(visitor.message);
  const confirmation = await stack.mailbox.waitFor(
    (mail) =>
      mail.envelopeTo.includes(visitor.email) && mail.subject === 'We have received your message',
    30_000,
  );
  // The confirmation goes to whatever address was typed: it repeats nothing of the visitor's text.
  expect(confirmation.text).not.toContain(visitor.message);
  expect(confirmation.text).not.toContain(visitor.name);

  await backHome.click();
  await expect(page).toHaveURL(/\/$/);
});

test('submitting the empty form shows the required messages and stays on the page', async ({
  page,
}) => {
  const posts = trackMessagePosts(page);
  await page.goto('/');
  const section = page.locator('#contact-sec');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('button', { name: 'Send Message' }).click();

  for (const field of FIELDS) {
    await expect(section.getByText(field.required, { exact: true })).toBeVisible();
    // "Beside the field": the message describes its control.
    await expect(section.getByLabel(field.label, { exact: true })).toHaveAccessibleDescription(
      field.required,
    );
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Message is Send')).toHaveCount(0);
  expect(posts, 'nothing was sent to the server').toEqual([]);
});

for (const path of ['/contact', '/contact-us']) {
  test(`the contact form is also at ${path}`, async ({ page }) => {
    await page.goto(path);
    for (const field of FIELDS) {
      await expect(page.getByLabel(field.label, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });
}
