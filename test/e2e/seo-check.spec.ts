import { randomBytes } from 'node:crypto';
import { html, type TestSite, startTestSite, text } from '../support/test-site.js';
import { expect, test } from './fixtures.js';

/** The visitor's own site: a tiny server on 127.0.0.1 at a random port (the stack allows it). */
let site: TestSite;

test.beforeAll(async () => {
  site = await startTestSite({
    '/': html(`<!doctype html><html lang="en"><head>
      <title>Blue Bicycle Repairs &lt;b&gt;Berlin&lt;/b&gt;</title>
      <meta name="viewport" content="width=device-width">
      </head><body><h1>Bicycle repairs</h1><img src="/shop.jpg">
      <a href="/prices">Prices</a><a href="/closed">Old page</a></body></html>`),
    '/prices': html('<title>Prices</title>'),
    '/robots.txt': text('User-agent: *\nAllow: /\n'),
  });
});

test.afterAll(async () => {
  await site?.close();
});

test('a visitor runs the free SEO check on their site and gets the report by link and e-mail', async ({
  page,
  stack,
}) => {
  const email = `cyclist-${randomBytes(4).toString('hex')}@example.test`;

  // The landing page leads to the check.
  await page.goto('/');
  const cta = page.getByRole('link', { name: 'Run a free SEO check of your site' });
  await cta.scrollIntoViewIfNeeded();
  await cta.click();
  await expect(page).toHaveURL(/\/seo-check$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Free SEO check' })).toBeVisible();

  // A wrong address is answered on its field, nothing is sent.
  await page.getByLabel('Page to check').fill('ftp://nope');
  await page.getByRole('button', { name: 'Check my page' }).click();
  await expect(
    page.getByText('Enter the address of a web page, like https://example.com'),
  ).toBeVisible();

  const newsletter = page.getByLabel('Also send me the newsletter');
  await expect(newsletter).not.toBeChecked();
  await page.getByLabel('Page to check').fill(`${site.origin}/`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Check my page' }).click();

  // The shareable result page: progress, then the report.
  await expect(page).toHaveURL(/\/seo-check\/[0-9a-f-]{36}$/);
  const resultUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'SEO check report' })).toBeVisible();
  await expect(page.getByLabel(/^Score \d+ out of 100$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const title = page.locator('li', {
    has: page.getByRole('heading', { name: 'Title', exact: true }),
  });
  await expect(title.getByText('Pass', { exact: true })).toBeVisible();
  // The page's markup is shown as text, never interpreted.
  await expect(title.getByText('Blue Bicycle Repairs <b>Berlin</b> (34 characters)')).toBeVisible();
  const broken = page.locator('li', {
    has: page.getByRole('heading', { name: 'Broken links', exact: true }),
  });
  await expect(broken.getByText(`${site.origin}/closed: 404`)).toBeVisible();
  await expect(
    page
      .locator('li', { has: page.getByRole('heading', { name: 'HTTPS and HSTS' }) })
      .getByText('Fail'),
  ).toBeVisible();
  await expect(page.getByText('Why it matters:').first()).toBeVisible();

  // The link arrives by e-mail and opens the same report.
  const mail = await stack.mailbox.waitFor(
    (received) =>
      received.envelopeTo.includes(email) && received.subject === 'Your SEO check is ready',
    30_000,
  );
  expect(mail.text).toContain(resultUrl);
  await page.goto(resultUrl);
  await expect(page.getByLabel(/^Score \d+ out of 100$/)).toBeVisible();
});
