/**
 * The lists on a phone (390 × 844), in Chromium: on every list page of the customer's and the admin's
 * areas each row (a card) and its action lie inside the screen without scrolling the table sideways,
 * and no page scrolls sideways.
 */
import { type Locator, type Page } from '@playwright/test';
import { listEntries } from '../support/content.js';
import { HttpClient } from '../support/http-client.js';
import { assertStatus, loginOk, uid } from '../support/identity.js';
import { logIn, verifiedAccount } from './accounts.js';
import { expect, type Stack, test } from './fixtures.js';
import { adminClient, confirmedSubscriber } from './newsletter.js';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** A customer (long names, to find what a long value does to a card) with an unpaid and a paid order. */
async function customerWithOrders(stack: Stack, admin: HttpClient) {
  const account = await verifiedAccount(stack);
  const client = new HttpClient(stack.app.baseUrl);
  await loginOk(client, account.email, account.password);
  const packages = await listEntries(client, 'pricing');
  const byName = (name: string) => {
    const found = packages.find((entry) => entry.packageName === name);
    if (!found) throw new Error(`the demo content has no ${name} package`);
    return found._id;
  };
  const customerName = `Bartholomew Fitzgerald-Montgomery ${uid()}`;
  const order = async (packageName: string) => {
    const placed = await client.post('/api/orders', {
      packageId: byName(packageName),
      customerName,
    });
    assertStatus(placed, 201, `order ${packageName}`);
    return String((placed.body as { _id: string })._id);
  };
  const paid = await order('Premium');
  assertStatus(
    await admin.post(`/api/admin/orders/${paid}/payment`, { reason: 'Paid by bank transfer' }),
    200,
    'record the payment',
  );
  const unpaid = await order('Basic');
  return { account, customerName, paid, unpaid };
}

/** The page is in: its heading shown, no skeleton or busy list left. */
async function loaded(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(page.locator('.skeleton'), `${path}: still loading`).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]'), `${path}: still busy`).toHaveCount(0);
}

/** A box's left and right edges, rounded to the pixel it is drawn on, and what it is. */
interface Edges {
  what: string;
  left: number;
  right: number;
}

/**
 * The page does not scroll sideways, no table's box scrolls sideways, and every row of every table of
 * the page's main region, and each link and button in it, lies within the screen's width.
 */
async function expectFitsThePhone(page: Page, path: string): Promise<void> {
  const measured = await page.evaluate(() => {
    const edges = (element: Element, what: string) => {
      const box = element.getBoundingClientRect();
      return { what, left: Math.round(box.left), right: Math.round(box.right) };
    };
    const main = document.querySelector('main') ?? document.body;
    const rows = [...main.querySelectorAll('table > tbody > tr')];
    return {
      pageWidth: document.documentElement.scrollWidth,
      scrollingTables: [...main.querySelectorAll('.data-table__scroll')]
        .filter((box) => box.scrollWidth > box.clientWidth)
        .map((box) => box.querySelector('caption')?.textContent ?? 'a table'),
      rows: rows.map((row) => edges(row, `row "${row.textContent?.slice(0, 60)}"`)),
      actions: rows.flatMap((row) =>
        [...row.querySelectorAll('a, button')].map((action) =>
          edges(action, `"${action.getAttribute('aria-label') ?? action.textContent}"`),
        ),
      ),
    };
  });
  expect(measured.pageWidth, `${path}: the page's width`).toBeLessThanOrEqual(PHONE.width);
  expect(measured.scrollingTables, `${path}: tables scrolling sideways`).toEqual([]);
  const outside = (boxes: Edges[]) =>
    boxes.filter((box) => box.left < 0 || box.right > PHONE.width);
  expect(outside(measured.rows), `${path}: rows beyond the screen's edge`).toEqual([]);
  expect(outside(measured.actions), `${path}: actions beyond the screen's edge`).toEqual([]);
}

/** The actions found, at least one, each inside [0, 390] (also a row's primary action). */
async function expectActionsOnScreen(actions: Locator, what: string): Promise<void> {
  await expect(actions.first(), what).toBeVisible();
  for (const action of await actions.all()) {
    const box = await action.boundingBox();
    expect(box, `${what}: shown`).not.toBeNull();
    expect(box!.x, `${what}: its left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what}: its right edge`).toBeLessThanOrEqual(PHONE.width);
  }
}

test('a customer’s order lists fit a phone, Pay Now on the screen', async ({ page, stack }) => {
  const admin = await adminClient(stack);
  const { account } = await customerWithOrders(stack, admin);
  await logIn(page, account.email, account.password);

  for (const [path, caption] of [
    ['/dashboard', 'My Orders'],
    ['/pending-order', 'Your Pending Orders'],
    ['/my-order', 'My Orders'],
  ] as const) {
    await loaded(page, path);
    const table = page.getByRole('table', { name: caption });
    await expect(table.getByRole('row'), path).toHaveCount(3);
    await expectActionsOnScreen(table.getByRole('link', { name: 'Pay Now' }), `${path}: Pay Now`);
    // A card of labelled values: the title shown above the value, not said again (the column's
    // header names the cell for assistive technology).
    const payCell = table.getByRole('cell', { name: 'Pay Now', exact: true });
    await expect(payCell, `${path}: the cell named by its value alone`).toBeVisible();
    expect(await payCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain(
      'Payment Status',
    );
    await expect(table.getByText('You Have Paid'), path).toBeVisible();
    await expectFitsThePhone(page, path);
  }

  // Pay Now, pressed where it is, opens the order's payment.
  await page.getByRole('link', { name: 'Pay Now' }).first().click();
  await expect(page).toHaveURL(/\/pay-now\//);
  await expectFitsThePhone(page, '/pay-now/{id}');
});

test('every admin list fits a phone, each row’s action on the screen', async ({ page, stack }) => {
  // About 35 screens at a phone's width: more than one test's usual time on a busy machine.
  test.setTimeout(240_000);
  const admin = await adminClient(stack);
  const { customerName, unpaid } = await customerWithOrders(stack, admin);
  const subject = `A rather long question about search rankings ${uid()}`;
  assertStatus(
    await new HttpClient(stack.app.baseUrl).post('/api/messages', {
      name: customerName,
      email: `a-long-address-for-a-phone-${uid()}@example.test`,
      number: '+44 20 7946 0958',
      subject,
      message: 'How long until my site ranks?',
    }),
    201,
    'send a message',
  );
  const subscriber = await confirmedSubscriber(stack);
  const newsletter = `Spring news ${uid()}`;
  assertStatus(
    await admin.post('/api/admin/campaigns', { subject: newsletter, body: 'Hello' }),
    201,
    'write a newsletter',
  );

  await logIn(page, stack.adminEmail, stack.adminPassword);

  // The lists with their rows' actions (each seeded above, or there from the start).
  const lists: { path: string; table: string; action: RegExp }[] = [
    { path: '/admin', table: 'Total Orders', action: /^Update Order: / },
    { path: '/admin', table: 'Unread Messages', action: /^View Message: / },
    { path: '/total-orders', table: 'Total Orders', action: /^Update: / },
    { path: '/all-messages/', table: 'All Messages', action: /^View Message: / },
    { path: '/all-subscriber/', table: 'All Subscribers', action: /^Remove / },
    { path: '/newsletters', table: 'Newsletters', action: new RegExp(`^${newsletter}$`) },
    { path: '/add-user', table: 'Admin users', action: /^Edit$/ },
    { path: '/admin/audit', table: 'Audit log', action: /^Changes: / },
    { path: '/add-pricing/', table: 'Pricing Packages', action: /^Edit Package$/ },
  ];
  for (const { path, table, action } of lists) {
    await loaded(page, path);
    const rows = page.getByRole('table', { name: table, exact: true });
    await expectActionsOnScreen(
      rows.getByRole('link', { name: action }).or(rows.getByRole('button', { name: action })),
      `${path}, ${table}`,
    );
  }
  await loaded(page, '/all-subscriber/');
  await expect(page.getByRole('button', { name: `Remove ${subscriber}` })).toBeVisible();
  await loaded(page, '/all-messages/');
  await expect(page.getByRole('link', { name: new RegExp(subject) })).toBeVisible();

  // An audit entry opened onto its changes: they stay on the screen too.
  await loaded(page, '/admin/audit');
  await page
    .getByRole('button', { name: /^Changes: / })
    .first()
    .click();
  await expect(page.locator('.audit-row__details').first()).toBeVisible();
  await expectFitsThePhone(page, '/admin/audit, an entry open');

  // An order's screen, and every screen of the settings hub (the lists among them).
  await loaded(page, `/admin/payment-status/${unpaid}`);
  await expectFitsThePhone(page, '/admin/payment-status/{id}');
  await loaded(page, '/setting');
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const screens = [...new Set(hrefs)].filter(
    // The queue dashboard is the server's page (Bull Board), not the SPA's.
    (href) => href.startsWith('/') && href !== '/admin/queues',
  );
  expect(screens.length).toBeGreaterThan(15);
  for (const path of screens) {
    await loaded(page, path);
    await expectFitsThePhone(page, path);
  }
});
