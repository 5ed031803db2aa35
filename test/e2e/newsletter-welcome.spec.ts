/**
 * The welcome e-mail in Chromium: an admin edits it beside its live preview, tries it on their own
 * address and saves it; a visitor who signs up in the footer and confirms gets it, once.
 */
import {
  DEFAULT_WELCOME_EMAIL,
  WELCOME_EMAIL_PATH,
  WELCOME_TEXTS,
} from '../../src/contracts/newsletter-welcome.js';
import { expectNewMail, mailTo, uid } from '../support/identity.js';
import { logIn } from './accounts.js';
import { expect, test } from './fixtures.js';
import { adminClient, newsletterLink, subscribeInFooter } from './newsletter.js';

test('an admin edits the welcome e-mail, tries it, saves it, and a new subscriber gets it', async ({
  page,
  stack,
}) => {
  const subject = `Welcome aboard ${uid()}`;
  const admin = await adminClient(stack);
  try {
    await logIn(page, stack.adminEmail, stack.adminPassword);
    await page.goto('/newsletters');
    await page.getByRole('main').getByRole('link', { name: 'Welcome e-mail' }).click();
    await expect(page).toHaveURL(/\/newsletters\/welcome$/);
    const enabled = page.getByLabel('Send the welcome e-mail to each new subscriber');
    await expect(enabled).toBeChecked();
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(
      DEFAULT_WELCOME_EMAIL.subject,
    );

    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page
      .getByLabel('Body', { exact: true })
      .fill('## Glad you are here\n\nStart with **our audit checklist**.');
    // The live preview is the real e-mail, rendered by the server, in a sandboxed frame.
    const preview = page.frameLocator('iframe[title="E-mail preview"]');
    await expect(preview.getByRole('heading', { name: 'Glad you are here' })).toBeVisible();
    await expect(
      preview.getByText(/because you subscribed to the SEO Agency newsletter/),
    ).toBeVisible();

    // The test goes to the admin, marked, before anything is saved.
    const testMail = expectNewMail(stack.mailbox, mailTo(stack.adminEmail, `[Test] ${subject}`));
    await page.getByRole('button', { name: 'Send test to me' }).click();
    await expect(page.getByText(WELCOME_TEXTS.testSent)).toBeVisible();
    expect((await testMail.next(30_000)).html).toContain('our audit checklist');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(WELCOME_TEXTS.saved)).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);

    const visitor = await page.context().browser()!.newPage();
    const welcome = expectNewMail(stack.mailbox, (mail) => mail.subject === subject);
    const reader = await subscribeInFooter(visitor, stack);
    const mail = await welcome.next(30_000);
    expect(mail.envelopeTo).toStrictEqual([reader]);
    expect(mail.html).toContain('<strong>our audit checklist</strong>');
    newsletterLink(mail, '/newsletter/unsubscribe', stack.publicUrl);
    await visitor.close();
  } finally {
    await admin.put(WELCOME_EMAIL_PATH, { enabled: true, ...DEFAULT_WELCOME_EMAIL });
  }
});
