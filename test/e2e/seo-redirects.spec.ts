/**
 * Redirects and the 404 monitor in Chromium (issue 31 §1): an admin adds a 301 on the Redirects
 * screen and the old path lands on the new one; a visitor's 404 shows in the 404 monitor, and
 * "Redirect this" makes it a redirect in one submit, after which the old path lands on its target.
 */
import { randomBytes } from 'node:crypto';
import { logIn } from './accounts.js';
import { expect, test } from './fixtures.js';

test('an admin adds a 301, and turns a 404 into a redirect from the 404 monitor', async ({
  page,
  stack,
}) => {
  const id = randomBytes(4).toString('hex');
  const oldPath = `/old-prices-${id}`;
  const missingPath = `/missing-service-${id}`;

  await logIn(page, stack.adminEmail, stack.adminPassword);
  await page.goto('/admin/redirects');
  await expect(page.getByRole('heading', { name: 'Redirects', level: 1 })).toBeVisible();

  // The rule: a 301 from the old path to the pricing page.
  const addForm = page.locator('form', { has: page.getByRole('button', { name: 'Add redirect' }) });
  await addForm.getByLabel('Old path').fill(oldPath);
  await addForm.getByLabel('Kind').selectOption('301');
  await addForm.getByLabel('New path or address').fill('/pricing/');
  await addForm.getByRole('button', { name: 'Add redirect' }).click();
  await expect(page.getByText('Redirect added')).toBeVisible();
  const rules = page.getByRole('table', { name: 'Redirect rules' });
  await expect(rules.getByRole('row', { name: new RegExp(oldPath) })).toContainText('/pricing/');

  // The old path, with a query, lands on the new one.
  await page.goto(`${oldPath}?ref=mail`);
  await expect(page).toHaveURL(/\/pricing\/\?ref=mail$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');

  // A path that does not exist: the not-found page, and a row of the 404 monitor.
  const missing = await page.goto(`${missingPath}?utm_source=newsletter`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();

  await page.goto('/admin/redirects');
  const monitor = page.getByRole('region', { name: '404 monitor' });
  const row = monitor.getByRole('row', { name: new RegExp(missingPath) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Redirect this ${missingPath}` }).click();
  const redirectForm = page.locator('form', {
    has: page.getByRole('heading', { name: `Redirect ${missingPath}` }),
  });
  await redirectForm.getByLabel('New path or address').fill('/service/');
  await redirectForm.getByRole('button', { name: 'Create the 301' }).click();
  await expect(page.getByText(`${missingPath} now redirects (301)`)).toBeVisible();
  await expect(monitor.getByRole('row', { name: new RegExp(missingPath) })).toHaveCount(0);
  await expect(rules.getByRole('row', { name: new RegExp(missingPath) })).toContainText(
    '/service/',
  );

  await page.goto(missingPath);
  await expect(page).toHaveURL(/\/service\/$/);
});
