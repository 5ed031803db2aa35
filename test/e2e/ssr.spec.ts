/**
 * The server-rendered public pages in Chromium: the landing page hydrates what the server sent (the
 * same elements, no console error, no hydration warning, no second request for the content), moving
 * between public pages stays in the page, a signed-in visitor's header is corrected after hydration,
 * and the pages read without JavaScript.
 *
 *   npm run build && npx playwright test --config test/e2e/playwright.config.ts test/e2e/ssr.spec.ts
 */
import { type ConsoleMessage, type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** Console errors and warnings, uncaught exceptions, and anything that mentions hydration. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (['error', 'warning'].includes(message.type()) || /hydrat|did not match/i.test(text)) {
      problems.push(`console ${message.type()}: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Requests for new documents (a full page load) and for the content snapshot, from now on. */
function collectRequests(page: Page): { documents: string[]; content: string[]; styles: string[] } {
  const seen = { documents: [] as string[], content: [] as string[], styles: [] as string[] };
  page.on('request', (request) => {
    if (request.isNavigationRequest()) seen.documents.push(request.url());
    if (new URL(request.url()).pathname === '/api/content') seen.content.push(request.url());
    if (request.resourceType() === 'stylesheet') seen.styles.push(request.url());
  });
  return seen;
}

/** The footer's newsletter form is disabled until its part of the page has hydrated. */
const subscribe = (page: Page) => page.getByRole('button', { name: 'Subscribe' });

/** The app has hydrated the server's page (its root layout marks the document). */
const hydrated = (page: Page) => expect(page.locator('html[data-hydrated]')).toHaveCount(1);

test('the landing page hydrates the server’s markup: same elements, no errors, no refetch', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const requests = collectRequests(page);
  // Hold the landing page's code, so the server's page can be looked at before it hydrates.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/landing-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const heading = page.locator('#hero-heading');
  await expect(heading).not.toBeEmpty();
  await expect(subscribe(page)).toBeDisabled();
  await page.evaluate(() => {
    (window as { serverHeading?: Element | null }).serverHeading =
      document.getElementById('hero-heading');
  });

  const session = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
  release();
  await hydrated(page);
  // The browser asks who is signed in once it has hydrated; nobody is: the header keeps "Log in".
  await session;
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();

  const kept = await page.evaluate(
    () =>
      document.getElementById('hero-heading') ===
      (window as { serverHeading?: Element | null }).serverHeading,
  );
  expect(kept, 'the hydrated heading is the element the server sent').toBe(true);
  expect(requests.content, 'the content is in the page: not asked for again').toEqual([]);
  expect(requests.styles, 'the stylesheets are in the page: not fetched again').toEqual([]);
  expect(problems).toEqual([]);
});

/** The chunk of the landing page below its first screen, which it loads lazily. */
const BELOW_THE_FOLD = /\/assets\/landing-below-fold-[\w-]+\.js$/;

test('the landing page below its first screen comes later, keeps the server’s markup and hydrates', async ({
  page,
}) => {
  const problems = collectProblems(page);
  // Hold the lazy part's code until the rest of the page has hydrated.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(BELOW_THE_FOLD, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  // Notes any loading placeholder that enters the page, however briefly.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[aria-busy="true"], .skeleton, .sc-skeleton')) {
        (window as { placeholderSeen?: boolean }).placeholderSeen = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });

  const session = page.waitForResponse((r) => r.url().endsWith('/api/auth/session'));
  const response = await page.goto('/', { waitUntil: 'domcontentloaded' });
  // Not part of the first load: neither a script of the page nor preloaded by it.
  const html = (await response!.text()).slice(0, 20_000);
  const firstLoad = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => /\bsrc=|rel="modulepreload"/.test(tag));
  expect(firstLoad.length).toBeGreaterThan(0);
  expect(firstLoad.filter((tag) => /landing-below-fold/.test(tag))).toEqual([]);

  const section = page.locator('#contact-sec');
  const sendButton = section.getByRole('button', { name: 'Send Message' });
  const questions = page.locator('.faq-item__button');
  await expect(questions).toHaveCount(5);
  await page.evaluate(() => {
    (window as { serverQuestion?: Element | null }).serverQuestion =
      document.querySelectorAll('.faq-item__button')[1] ?? null;
  });

  // The rest of the page hydrates and the session is asked for; the part below the fold is not
  // asked for while the banner fills the screen and the visitor does nothing.
  await hydrated(page);
  await session;
  expect(requested, 'not asked for while out of view').toBe(false);
  // Scrolled into view, it is asked for, and waits for its code with the server's markup in place
  // (no placeholder) and its controls disabled.
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect.poll(() => requested, { message: 'asked for once in view' }).toBe(true);
  await expect(section.getByRole('heading', { name: 'Tell us about your project' })).toBeVisible();
  await expect(sendButton).toBeDisabled();
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'false');

  release();
  await expect(sendButton).toBeEnabled();
  await expect(section.getByLabel('Name', { exact: true })).toBeEditable();
  // The accordion works: a question opens its answer.
  await questions.nth(1).click();
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
  const kept = await page.evaluate(
    () =>
      document.querySelectorAll('.faq-item__button')[1] ===
      (window as { serverQuestion?: Element | null }).serverQuestion,
  );
  expect(kept, 'the hydrated question is the element the server sent').toBe(true);
  const placeholderSeen = await page.evaluate(
    () => (window as { placeholderSeen?: boolean }).placeholderSeen ?? false,
  );
  expect(placeholderSeen, 'no placeholder took the place of the server’s markup').toBe(false);
  expect(problems).toEqual([]);
});

test('the landing page below its first screen is asked for on the visitor’s first key press', async ({
  page,
}) => {
  const problems = collectProblems(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (BELOW_THE_FOLD.test(new URL(request.url()).pathname)) requests.push(request.url());
  });
  await page.goto('/');
  await hydrated(page);
  expect(requests).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(
    page.locator('#contact-sec').getByRole('button', { name: 'Send Message' }),
  ).toBeEnabled();
  expect(requests).toHaveLength(1);
  expect(problems).toEqual([]);
});

test('a /#contact-sec link from another page opens the landing page at the contact form', async ({
  page,
}) => {
  const problems = collectProblems(page);
  await page.goto('/pricing/');
  await hydrated(page);
  await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
  const section = page.locator('#contact-sec');
  await expect(section.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  await expect(section).toBeInViewport();
  expect(problems).toEqual([]);
});

test('moving between public pages after hydration stays in the page and updates the head', async ({
  page,
}) => {
  const problems = collectProblems(page);
  await page.goto('/');
  await hydrated(page);
  const requests = collectRequests(page);
  await page.evaluate(() => {
    (window as { samePage?: boolean }).samePage = true;
  });

  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  // The demo content's Page SEO titles, through the site's title template.
  await expect(page).toHaveTitle('Log in | SEO Agency');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Create an account | SEO Agency');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\/register$/,
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.locator('#hero-heading')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);

  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  expect(requests.documents, 'no page was loaded from the server').toEqual([]);
  expect(requests.content, 'the content was not asked for again').toEqual([]);
  expect(problems).toEqual([]);
});

test('a signed-in visitor gets the public page as rendered, then their own header links', async ({
  page,
  stack,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(stack.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(stack.adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const problems = collectProblems(page);
  await page.goto('/pricing/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  expect(problems).toEqual([]);

  // The login page moves a signed-in visitor on, once the browser knows who it is.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the public pages leave out the admin area and the other pages’ routes, which load when an address needs them', async ({
  page,
  stack,
}) => {
  const adminCode: string[] = [];
  const discovery: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (/\/assets\/admin-(routes|screens)-[\w-]+\.js$/.test(file)) adminCode.push(file);
    if (/\/assets\/route-discovery-[\w-]+\.js$/.test(file)) discovery.push(file);
  });
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(stack.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(stack.adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const problems = collectProblems(page);
  adminCode.length = 0;
  discovery.length = 0;
  // A one-segment unknown address is the server's 404 page (through the `/:id` gate): it hydrates.
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await hydrated(page);
  await page.goto('/pricing/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
  expect(adminCode, 'the public pages did not load the admin area').toEqual([]);
  expect(discovery, 'nor the routes of the pages the browser alone renders').toEqual([]);

  await header.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByText('Welcome to Admin Panel')).toBeVisible();
  expect(adminCode.some((file) => file.includes('/admin-routes-'))).toBe(true);
  expect(discovery).toHaveLength(1);
  // The one problem: Chromium reports the 404 page's own status.
  expect(problems).toEqual([
    'console error: Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
});

test('the public pages read without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.locator('#hero-heading')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pricing Plan', level: 2 })).toBeVisible();

    await page.goto('/pricing/');
    await expect(page.getByRole('heading', { name: 'Pricing Plan', level: 1 })).toBeVisible();
    for (const name of ['Basic', 'Standard', 'Premium']) {
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    }
    // Styled by the route's own CSS, linked by the server.
    const card = page.locator('.pricing-card').first();
    expect(await card.evaluate((element) => getComputedStyle(element).borderTopStyle)).not.toBe(
      'none',
    );
    // Plain links work without the SPA.
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('on a phone without JavaScript the menu opens and the forms say why they wait', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  try {
    await page.goto('/pricing/');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    // Folded behind the menu button on a phone; the button opens and closes it without a script.
    await expect(nav).toBeHidden();
    const toggle = header.locator('summary', { hasText: 'Open menu' });
    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pricing Plan' })).toBeInViewport();
    await header.locator('summary', { hasText: 'Close menu' }).click();
    await expect(nav).toBeHidden();
    await toggle.click();
    await nav.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The login form stays disabled (it needs the page's script) and says so.
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    // (Inside <noscript>, which Playwright's text and role locators pass over: found by its class.)
    const notes = page.locator('fieldset.form-controls .form-controls__no-script');
    // The login form's note, and the footer newsletter form's.
    await expect(notes).toHaveCount(2);
    await expect(notes.first()).toBeVisible();
    await expect(notes.first()).toHaveText(/^This form needs JavaScript: turn it on/);
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the footer’s newsletter form hydrates once the footer nears the screen, and then works', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/newsletter-form-[\w-]+\.js$/.test(request.url())) requested.push(request.url());
  });
  await page.goto('/');
  await hydrated(page);
  await expect(subscribe(page)).toBeDisabled();
  expect(requested, 'the form’s code is not part of the first load').toEqual([]);
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(subscribe(page)).toBeEnabled();
  expect(requested).toHaveLength(1);
});

test('signing in while the footer’s code is on its way: the footer hydrates as the server rendered it', async ({
  page,
  stack,
}) => {
  const problems = collectProblems(page);
  // The footer's code comes only once the sign-in has been answered (the click wanted it), and any
  // new request for the content is held a while: the footer hydrates with what the browser holds.
  let signedIn!: () => void;
  const answered = new Promise<void>((resolve) => (signedIn = resolve));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/login') signedIn();
  });
  await page.route(/\/assets\/site-footer-[\w-]+\.js$/, async (route) => {
    await answered;
    await route.continue();
  });
  await page.goto('/login');
  await hydrated(page);
  await page.route('**/api/content', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.getByLabel('Email', { exact: true }).fill(stack.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(stack.adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(subscribe(page)).toBeEnabled();
  await expect(page.locator('footer')).toContainText('Quick links');
  expect(problems).toEqual([]);
});
