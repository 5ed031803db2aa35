/**
 * The admin content screens and the public pages in Chromium: the env admin edits the banner and a
 * pricing package and sees the change on the site, puts the banner back from its history, and uploads
 * a banner image that the landing page then shows; visitors are kept out of the admin screens.
 *
 *   npm run build && npx playwright test --config test/e2e/playwright.config.ts test/e2e/content.spec.ts
 */
import { writeFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { uid } from '../support/identity.js';
import { png } from '../support/png.js';
import { expect, type Stack, test } from './fixtures.js';

const hero = (page: Page) => page.locator('#hero-heading');

/** A toast (sonner) with this text. */
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Opens an admin page in the test's fresh (signed-out) browser context: the guard sends it to /login,
 * and the login brings it back.
 */
async function openAsAdmin(page: Page, stack: Stack, adminPath: string): Promise<void> {
  await page.goto(adminPath);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(stack.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(stack.adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${adminPath.replace(/\/$/, '')}/?$`));
}

/** Publishes a section's draft from its admin page (the editor's Update saves a draft). */
async function publishDraft(page: Page, sectionLabel: string): Promise<void> {
  await page
    .getByRole('region', { name: `${sectionLabel} draft` })
    .getByRole('button', { name: 'Publish', exact: true })
    .click();
  await expect(toast(page, `${sectionLabel} is published.`)).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('the admin edits the banner heading, the site shows it; History puts the old one back', async ({
  page,
  stack,
}) => {
  await page.goto('/');
  const original = (await hero(page).innerText()).trim();
  expect(original.length).toBeGreaterThan(0);

  await openAsAdmin(page, stack, '/edit-banner');
  await page.getByRole('link', { name: 'Edit Banner Section' }).click();
  await expect(page).toHaveURL(/\/banner\/[0-9a-f-]{36}$/);
  const heading = page.getByLabel('Banner Heading');
  await expect(heading).toHaveValue(original);
  const changed = `Rank higher with us ${uid()}`;
  await heading.fill(changed);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Banner is Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/edit-banner$/);
  await publishDraft(page, 'Banner');

  await page.goto('/');
  await expect(hero(page)).toHaveText(changed);
  await page.reload();
  await expect(hero(page)).toHaveText(changed);

  // History: the newest change is the edit above; the one before it is the earlier version.
  await page.goto('/edit-banner');
  await page.getByRole('button', { name: 'History' }).click();
  const history = page
    .getByRole('list')
    .filter({ has: page.getByRole('button', { name: 'Restore' }) });
  const items = history.getByRole('listitem');
  await expect(items.first()).toContainText('Updated');
  await expect(items.first()).toContainText(stack.adminEmail);
  await items.nth(1).getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Restored')).toBeVisible();

  await page.goto('/');
  await expect(hero(page)).toHaveText(original);
});

test('the admin changes a package price; /pricing/ shows it', async ({ page, stack }) => {
  await openAsAdmin(page, stack, '/add-pricing/');
  const row = page.getByRole('row').filter({ hasText: 'Basic' });
  await row.getByRole('link', { name: 'Edit Package' }).click();
  await expect(page).toHaveURL(/\/package-edit\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Package Name')).toHaveValue('Basic');
  const price = `${100 + Math.floor(Math.random() * 800)}.45`;
  await page.getByLabel('Package Price').fill(price);
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Package is Updated')).toBeVisible();
  await publishDraft(page, 'Pricing Packages');

  await page.goto('/pricing/');
  const basic = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Basic', exact: true }) });
  await expect(basic).toContainText(`$${price}`);
});

test('an uploaded banner image is stored and shown on the landing page', async ({
  page,
  stack,
}) => {
  // A temp file in the test's own output directory (emptied by Playwright on every run).
  const file = test.info().outputPath('banner.png');
  await writeFile(file, png(12, 8, 200));

  await openAsAdmin(page, stack, '/edit-banner');
  await page.getByRole('link', { name: 'Edit Banner Section' }).click();
  await expect(page).toHaveURL(/\/banner\/[0-9a-f-]{36}$/);
  // The banner has one image field (Banner Image), so one file input.
  const fileInput = page.getByLabel('Upload image', { exact: true });
  await expect(fileInput).toHaveCount(1);
  await fileInput.setInputFiles(file);
  await expect(page.getByText('Image uploaded.')).toBeVisible();
  const imageUrl = page.getByRole('textbox', { name: 'Banner Image' });
  await expect(imageUrl).toHaveValue(/^\/uploads\//);
  const uploaded = await imageUrl.inputValue();
  await page.getByRole('button', { name: 'Update', exact: true }).click();
  await expect(toast(page, 'Banner is Updated')).toBeVisible();
  await publishDraft(page, 'Banner');

  await page.goto('/');
  const image = page.locator('.hero img');
  await expect(image).toHaveAttribute('src', uploaded);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const served = await page.request.get(uploaded);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\//);
});

test('a signed-out visitor is sent from /edit-banner to /login', async ({ page }) => {
  await page.goto('/edit-banner');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toBeVisible();
});

test('an unknown one-segment path is "Page not found", not the login page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.getByRole('heading', { name: 'Login', exact: true })).toHaveCount(0);
});
