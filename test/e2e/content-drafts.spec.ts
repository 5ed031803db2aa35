/**
 * Drafts, the live preview and a planned publish in Chromium (issue 32): an editor (an account the
 * admin gave the Editor role) changes the banner heading as a draft, previews `/` with it beside the editor while a visitor still sees the published
 * heading, plans its publish a few seconds ahead (CONTENT_PUBLISH_MIN_LEAD_MS is 3 s in the e2e
 * stack), and the visitor sees the new heading once it went live. The editor's session is refused
 * refunds and the queue dashboard.
 *
 *   npm run build && npx playwright test --config test/e2e/playwright.config.ts test/e2e/content-drafts.spec.ts
 */
import { type Page } from '@playwright/test';
import { HttpClient } from '../support/http-client.js';
import { ownFields, singletonEntry } from '../support/content.js';
import { assertStatus, loginOk, uid } from '../support/identity.js';
import { verifiedAccount } from './accounts.js';
import { expect, test } from './fixtures.js';

const hero = (page: Page) => page.locator('#hero-heading');

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a banner draft: previewed beside the editor, hidden from visitors, live at its planned time', async ({
  page,
  browser,
  stack,
}) => {
  const visitorContext = await browser.newContext();
  // Other specs on this stack read the landing page as the demo has it: the heading goes back after.
  let putBack: (() => Promise<void>) | undefined;
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    const original = (await hero(visitor).innerText()).trim();
    expect(original.length).toBeGreaterThan(0);

    // The admin makes an account an editor.
    const editor = await verifiedAccount(stack);
    const admin = new HttpClient(stack.app.baseUrl);
    await loginOk(admin, stack.adminEmail, stack.adminPassword);
    putBack = async () => {
      const banner = await singletonEntry(admin, 'banner');
      const fields = { ...ownFields('banner', banner), bannerHeading: original };
      assertStatus(await admin.put(`/api/content/banner/${banner._id}`, fields), 200, 'put back');
    };
    const added = await admin.post('/api/admin/users', {
      userEmail: editor.email,
      userRole: 'Editor',
    });
    assertStatus(added, 201, 'the admin adds the editor');

    // The editor edits the banner: the preview beside the form follows the typing, unsaved.
    await page.goto('/edit-banner');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(editor.email);
    await page.getByLabel('Password', { exact: true }).fill(editor.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/edit-banner$/);
    await page.getByRole('link', { name: 'Edit Banner Section' }).click();
    const preview = page.frameLocator('iframe[title="Preview of /"]');
    await expect(preview.locator('#hero-heading')).toHaveText(original);
    const changed = `Drafted heading ${uid()}`;
    await page.getByLabel('Banner Heading').fill(changed);
    await expect(preview.locator('#hero-heading')).toHaveText(changed);

    // Saved as a draft: the section shows it; the visitor still sees the published heading.
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(toast(page, 'Banner is Updated')).toBeVisible();
    await expect(page).toHaveURL(/\/edit-banner$/);
    const draft = page.getByRole('region', { name: 'Banner draft' });
    await expect(draft).toContainText('Unpublished changes');
    await expect(draft).toContainText(editor.email);
    const previewed = await page.request.get('/api/admin/preview?path=/');
    expect(previewed.status()).toBe(200);
    expect(previewed.headers()['cache-control']).toBe('no-store');
    expect(await previewed.text()).toContain(changed);
    await visitor.reload();
    await expect(hero(visitor)).toHaveText(original);
    const anonymousPreview = await visitor.request.get('/api/admin/preview?path=/');
    expect(anonymousPreview.status()).toBe(401);

    // Planned a few seconds ahead, in the browser's own time zone (with seconds).
    const publishAt = await page.evaluate(() => {
      const at = new Date(Date.now() + 10_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return (
        `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
        `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
      );
    });
    await draft.getByLabel('Publish at').fill(publishAt);
    await draft.getByRole('button', { name: 'Schedule' }).click();
    await expect(toast(page, 'Banner goes live')).toBeVisible();
    await expect(draft).toContainText('Goes live');

    // The visitor sees it once it went live (the worker publishes it; no one clicks Publish).
    await expect
      .poll(
        async () => {
          await visitor.reload();
          return (await hero(visitor).innerText()).trim();
        },
        { timeout: 45_000, intervals: [1000] },
      )
      .toBe(changed);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Banner draft' })).toHaveCount(0);

    // Money and operations are not the editor's: refunds and the queue dashboard answer 403 (the
    // admin's same refund request gets as far as the order: 404).
    const refundPath = `/api/admin/orders/${crypto.randomUUID()}/refund`;
    assertStatus(await admin.post(refundPath, { amount: '1.00' }), 404, 'the admin’s refund');
    const refund = await page.request.post(refundPath, {
      data: { amount: '1.00' },
      headers: { origin: stack.publicUrl },
    });
    expect(refund.status()).toBe(403);
    expect(await refund.text()).not.toContain('Cross-origin request refused');
    const queues = await page.request.get('/admin/queues');
    expect(queues.status()).toBe(403);
  } finally {
    await visitorContext.close();
    await putBack?.();
  }
});
