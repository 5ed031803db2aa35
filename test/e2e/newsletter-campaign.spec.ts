/**
 * Newsletter campaigns in Chromium: an admin writes one beside its live preview, tries it on their own
 * address (whose unsubscribe link unsubscribes nobody) and sends it to every confirmed subscriber,
 * following the counts; a subscriber leaves with
 * the unsubscribe link of a newsletter, which asks before it changes anything (RFC 8058).
 */
import { type Locator } from '@playwright/test';
import { CAMPAIGN_TEXTS } from '../../src/contracts/campaigns.js';
import { NEWSLETTER_MESSAGES } from '../../src/contracts/newsletter.js';
import { expectNewMail, mailTo, uid } from '../support/identity.js';
import { logIn } from './accounts.js';
import { expect, test } from './fixtures.js';
import {
  adminClient,
  confirmedSubscriber,
  headerOf,
  newsletterLink,
  sendNewsletterNow,
  subscribeInFooter,
  subscriberStatus,
} from './newsletter.js';

const COUNT_NAMES = ['Queued', 'Sent', 'Failed', 'Cancelled', 'Total'] as const;

/** The progress page's recipients table, as numbers by row name. */
async function recipientCounts(table: Locator): Promise<Record<string, number>> {
  const entries = await Promise.all(
    COUNT_NAMES.map(async (name) => {
      const cell = table.getByRole('row', { name: new RegExp(`^${name}\\b`) }).getByRole('cell');
      return [name, Number(await cell.textContent())] as const;
    }),
  );
  return Object.fromEntries(entries);
}

test('an admin writes a newsletter, sees its preview, tries it on themselves and sends it to every confirmed subscriber', async ({
  page,
  stack,
}) => {
  const id = uid();
  const subject = `November SEO tips ${id}`;
  const heading = `Core Web Vitals ${id}`;
  const readers = [
    await subscribeInFooter(page, stack),
    await confirmedSubscriber(stack),
    await confirmedSubscriber(stack),
  ];

  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Campaigns' })
    .click();
  await expect(page).toHaveURL(/\/newsletters$/);
  await page.getByRole('link', { name: 'New newsletter' }).click();
  await expect(page).toHaveURL(/\/newsletters\/new$/);

  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page
    .getByLabel('Body', { exact: true })
    .fill(`## ${heading}\n\nFaster pages rank better. **Measure** first:\n\n- LCP\n- INP\n- CLS`);
  // The live preview is the real e-mail, rendered by the server, in a sandboxed frame.
  const preview = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview.getByRole('heading', { name: heading })).toBeVisible();
  await expect(preview.getByText('Measure', { exact: true })).toBeVisible();
  // It ends as every newsletter does: why it came, and the way out.
  await expect(
    preview.getByText(/because you subscribed to the SEO Agency newsletter/),
  ).toBeVisible();

  // The test saves the new draft first, which gives it its own address.
  const testMail = expectNewMail(stack.mailbox, mailTo(stack.adminEmail, subject));
  await page.getByRole('button', { name: 'Send test to me' }).click();
  await expect(page.getByText(CAMPAIGN_TEXTS.created)).toBeVisible();
  await expect(page).toHaveURL(/\/newsletters\/[0-9a-f-]{36}$/);
  await expect(page.getByText(CAMPAIGN_TEXTS.testSent)).toBeVisible();
  const tried = await testMail.next(30_000);
  expect(tried.html).toContain(heading);
  // The test's unsubscribe link works, and unsubscribes nobody (not "invalid link").
  const testLink = newsletterLink(tried, '/newsletter/unsubscribe', stack.publicUrl);
  const linkPage = await page.context().newPage();
  await linkPage.goto(testLink);
  await expect(linkPage.getByText(NEWSLETTER_MESSAGES.testSend)).toBeVisible();
  await expect(linkPage.getByText(NEWSLETTER_MESSAGES.invalidLink)).toHaveCount(0);
  await linkPage.close();
  expect(readers.flatMap((reader) => stack.mailbox.find(mailTo(reader, subject)))).toEqual([]);

  await page.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Send this newsletter now?' });
  await expect(dialog).toContainText('every confirmed subscriber');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(CAMPAIGN_TEXTS.sending)).toBeVisible();

  // The progress page asks every second until every recipient is done.
  const recipients = page.getByRole('table', { name: 'Recipients' });
  await expect
    .poll(
      async () => {
        const counts = await recipientCounts(recipients);
        return counts.Total! >= readers.length && counts.Sent === counts.Total
          ? 'all sent'
          : counts;
      },
      { timeout: 30_000 },
    )
    .toBe('all sent');
  const counts = await recipientCounts(recipients);
  expect(counts).toMatchObject({ Queued: 0, Failed: 0, Cancelled: 0 });
  await expect(page.getByText('Status: Sent', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Delivery progress')).toHaveJSProperty('value', counts.Total);
  await expect(page.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  for (const reader of readers) {
    const newsletter = await stack.mailbox.waitFor(mailTo(reader, subject), 30_000);
    expect(newsletter.html).toContain(heading);
  }

  // Settled: the page stops asking.
  const polls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/admin\/campaigns\/[0-9a-f-]{36}$/.test(request.url())) polls.push(request.url());
  });
  await page.waitForTimeout(2_500);
  expect(polls).toEqual([]);

  // The list of newsletters shows its counts: Status, Scheduled / Started, Sent, Failed, Total.
  await page.getByRole('link', { name: 'Back to Newsletters' }).click();
  await expect(page).toHaveURL(/\/newsletters$/);
  const row = page.getByRole('table', { name: 'Newsletters' }).getByRole('row', { name: subject });
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('Sent');
  await expect(cells.nth(1)).toContainText('Started');
  await expect(cells.nth(2)).toHaveText(String(counts.Total));
  await expect(cells.nth(3)).toHaveText('0');
  await expect(cells.nth(4)).toHaveText(String(counts.Total));
});

test('the unsubscribe link of a newsletter asks first: opening it changes nothing, the button unsubscribes', async ({
  page,
  stack,
}) => {
  const reader = await confirmedSubscriber(stack);
  const admin = await adminClient(stack);
  const subject = `Last call ${uid()}`;
  const mail = expectNewMail(stack.mailbox, mailTo(reader, subject));
  await sendNewsletterNow(admin, { subject, body: 'Our **audit** offer ends on Friday.' });
  const newsletter = await mail.next(30_000);

  const link = newsletterLink(newsletter, '/newsletter/unsubscribe', stack.publicUrl);
  // Mail programs unsubscribe in one click with a POST to the same address (RFC 8058).
  expect(headerOf(newsletter, 'List-Unsubscribe')).toContain(`<${link}>`);
  expect(headerOf(newsletter, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

  const unsubscribes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('unsubscribe')) {
      unsubscribes.push(request.url());
    }
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Unsubscribe' });
  await expect(button).toBeVisible();
  await page.waitForTimeout(500);
  expect(unsubscribes, 'opening the link posts nothing').toEqual([]);
  expect(await subscriberStatus(admin, reader)).toBe('confirmed');

  await button.click();
  await expect(page.getByText(NEWSLETTER_MESSAGES.unsubscribed)).toBeVisible();
  await expect(button).toHaveCount(0);
  expect(unsubscribes).toHaveLength(1);
  expect(await subscriberStatus(admin, reader)).toBe('unsubscribed');
});
