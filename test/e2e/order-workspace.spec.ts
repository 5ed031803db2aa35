/**
 * The order workspace as its customer and the agency live it, in Chromium: the customer pays, sends
 * the project's details (with a file) and a message; the admin, whose home is open, gets the live
 * toast, answers, keeps an internal note and delivers a PDF; the customer downloads it and asks for
 * changes; the admin delivers again; the customer approves, My Orders says Delivered, and the invoice
 * names them and the amount. Another customer gets 404 for every address of that order.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { HttpClient } from '../support/http-client.js';
import { loginOk, mailTo } from '../support/identity.js';
import { tinyPdf } from '../support/order-files.js';
import { logIn, orderAndOpenPayNow, verifiedAccount } from './accounts.js';
import { expect, test } from './fixtures.js';

/** Pays the open Pay Now page at the simulator's popup. */
async function payAtPaypal(page: Page): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'PayPal (simulator)' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Pay', exact: true }).click();
  await closed;
  await expect(page.getByText('You Have Paid')).toBeVisible({ timeout: 30_000 });
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a customer pays, sends the details and a message; the agency answers, notes, delivers twice; the customer asks for changes, then approves', async ({
  browser,
  stack,
}, testInfo) => {
  test.setTimeout(180_000);
  const customerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const id = randomBytes(4).toString('hex');
    const customerName = `Grace Hopper ${id}`;
    const account = await verifiedAccount(stack);
    const customer = await customerContext.newPage();
    await logIn(customer, account.email, account.password);
    const orderId = await orderAndOpenPayNow(customer, 'Premium', customerName);
    await payAtPaypal(customer);
    await stack.mailbox.waitFor(
      mailTo(account.email, 'Tell us about your project: Premium package'),
      30_000,
    );

    // The admin's home is open, its live feed listening.
    const admin = await adminContext.newPage();
    await logIn(admin, stack.adminEmail, stack.adminPassword);
    const feedOpen = admin.waitForResponse(
      (response) => response.url().endsWith('/api/admin/events') && response.status() === 200,
    );
    await admin.goto('/admin');
    await feedOpen;

    // From My Orders to the order's page: waiting for the details, which the customer sends.
    await customer.goto('/my-order');
    await customer
      .getByRole('table', { name: 'My Orders' })
      .getByRole('link', { name: /Premium/ })
      .first()
      .click();
    await expect(customer).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(customer.getByText('Waiting for your details').first()).toBeVisible();
    const details = region(customer, 'Your project details');
    await details.getByLabel('Your website’s address').fill('https://grace.example');
    await details.getByLabel('Target keywords').fill('compilers\nnanoseconds');
    await details.getByLabel('Target country and language').fill('United States, English');
    const earlierAudit = testInfo.outputPath('earlier-audit.pdf');
    await writeFile(earlierAudit, tinyPdf('Old audit'));
    await details
      .getByLabel('Earlier SEO reports or analytics exports')
      .setInputFiles(earlierAudit);
    await expect(details.getByText('earlier-audit.pdf')).toBeVisible();
    await details.getByRole('button', { name: 'Send my answers' }).click();
    await expect(customer.getByText('Thank you: your details are sent')).toBeVisible();
    await expect(customer.getByText('In progress').first()).toBeVisible();
    await expect(details.getByRole('link', { name: /earlier-audit\.pdf/ })).toBeVisible();

    // A message to the agency, which the admin's open home announces at once.
    const customerThread = region(customer, 'Messages');
    await customerThread
      .getByLabel('Message', { exact: true })
      .fill('Can you start with the blog?');
    await customerThread.getByRole('button', { name: 'Send' }).click();
    await expect(customer.getByText('Message sent')).toBeVisible();
    const toast = admin.locator('[data-sonner-toast]').filter({
      hasText: `New message from ${customerName} on their Premium order`,
    });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Open order' }).click();
    await expect(admin).toHaveURL(new RegExp(`/orders/${orderId}$`));

    // The admin reads the details and the message, answers, keeps a note, delivers a PDF.
    await expect(region(admin, 'Project details')).toContainText('https://grace.example');
    const adminThread = region(admin, 'Messages');
    await expect(adminThread).toContainText('Can you start with the blog?');
    await adminThread.getByLabel('Message', { exact: true }).fill('Yes: the blog first.');
    await adminThread.getByRole('button', { name: 'Send' }).click();
    await expect(adminThread).toContainText('Yes: the blog first.');
    // Once the server took it (its toast), the form is cleared: the note is written after that.
    await expect(
      admin.locator('[data-sonner-toast]').filter({ hasText: 'Message sent' }),
    ).toBeVisible();
    await adminThread.getByRole('checkbox', { name: /Internal note/ }).check();
    await adminThread
      .getByLabel('Internal note (admins only)')
      .fill(`Secret plan ${id}: reuse the 2025 audit`);
    await adminThread.getByRole('button', { name: 'Save note' }).click();
    await expect(adminThread).toContainText(`Secret plan ${id}`);

    const deliverables = region(admin, 'Deliverables');
    const auditV1 = testInfo.outputPath('seo-audit-v1.pdf');
    await writeFile(auditV1, tinyPdf('Audit one'));
    await deliverables.getByLabel('Files', { exact: true }).setInputFiles(auditV1);
    await expect(deliverables.getByText('Uploaded', { exact: true })).toBeVisible();
    await deliverables.getByLabel('Note to the customer (optional)').fill('The first audit.');
    await deliverables.getByRole('button', { name: 'Deliver' }).click();
    await expect(admin.getByText('Delivered: the customer is e-mailed.')).toBeVisible();
    await stack.mailbox.waitFor(mailTo(account.email, 'Your Premium work is ready'), 30_000);

    // The customer reads the answer (never the note), downloads the audit and asks for changes.
    await customer.reload();
    await expect(customerThread).toContainText('Yes: the blog first.');
    await expect(customer.getByText(`Secret plan ${id}`)).toHaveCount(0);
    const customerDeliverables = region(customer, 'Deliverables');
    const downloading = customer.waitForEvent('download');
    await customerDeliverables.getByRole('link', { name: /seo-audit-v1\.pdf/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('seo-audit-v1.pdf');
    expect((await readFile(await download.path())).equals(await readFile(auditV1))).toBe(true);
    await customerDeliverables.getByRole('button', { name: 'Ask for changes' }).click();
    await customerDeliverables
      .getByLabel('What should we change?')
      .fill('Please add the competitors.');
    await customerDeliverables.getByRole('button', { name: 'Send' }).click();
    await expect(customer.getByText('Your request is sent: we will deliver again.')).toBeVisible();
    await expect(customer.getByText('Changes requested').first()).toBeVisible();

    // Delivered again; approved.
    await admin.reload();
    await expect(region(admin, 'Timeline')).toContainText('Please add the competitors.');
    const auditV2 = testInfo.outputPath('seo-audit-v2.pdf');
    await writeFile(auditV2, tinyPdf('Audit two'));
    await deliverables.getByLabel('Files', { exact: true }).setInputFiles(auditV2);
    await expect(deliverables.getByText('Uploaded', { exact: true })).toBeVisible();
    await deliverables.getByRole('button', { name: 'Deliver' }).click();
    await expect(admin.getByText('Delivered: the customer is e-mailed.')).toBeVisible();

    await customer.reload();
    await expect(
      customerDeliverables.getByRole('link', { name: /seo-audit-v2\.pdf/ }),
    ).toBeVisible();
    await customerDeliverables.getByRole('button', { name: 'Approve' }).click();
    await customer.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await expect(customer.getByText('Thank you: the delivery is approved.')).toBeVisible();
    await expect(customer.getByText('Completed').first()).toBeVisible();

    // The timeline tells it all, newest last; the customer's has no internal note.
    const timeline = region(customer, 'Timeline');
    for (const line of ['Paid $499.00', 'Sent a message', 'Delivered 1 file', 'Approved']) {
      await expect(timeline).toContainText(line);
    }
    await expect(timeline).not.toContainText('internal note');

    // My Orders says Delivered; the invoice names the customer and the amount.
    await customer.goto('/my-order');
    const row = customer
      .getByRole('table', { name: 'My Orders' })
      .getByRole('row')
      .filter({ has: customer.locator(`a[href="/orders/${orderId}"]`) });
    await expect(row).toContainText('Delivered');
    await customer.goto(`/orders/${orderId}`);
    const invoiceLink = customer.getByRole('link', { name: /Invoice/ }).first();
    const invoiceUrl = (await invoiceLink.getAttribute('href'))!;
    const invoice = await customer.request.get(invoiceUrl);
    expect(invoice.headers()['content-type']).toBe('application/pdf');
    const { text } = await extractText(
      await getDocumentProxy(new Uint8Array(await invoice.body())),
      {
        mergePages: true,
      },
    );
    expect(text).toContain(customerName);
    expect(text).toContain('499.00');

    // Every address of the order is a 404 for another customer, as for no order at all.
    const fileIds = await customer.evaluate(async (id) => {
      const answer = await fetch(`/api/orders/${id}/deliveries`);
      const rounds = (await answer.json()) as { files: { id: string }[] }[];
      return rounds.flatMap((round) => round.files.map((file) => file.id));
    }, orderId);
    const other = await verifiedAccount(stack);
    const stranger = new HttpClient(stack.app.baseUrl);
    await loginOk(stranger, other.email, other.password);
    const addresses = [
      `/api/orders/${orderId}`,
      `/api/orders/${orderId}/timeline`,
      `/api/orders/${orderId}/intake`,
      `/api/orders/${orderId}/messages`,
      `/api/orders/${orderId}/deliveries`,
      `/api/orders/${orderId}/invoices`,
      invoiceUrl,
      ...fileIds.map((fileId) => `/api/files/${fileId}`),
    ];
    for (const address of addresses) {
      expect([address, (await stranger.get(address)).status]).toEqual([address, 404]);
    }
    for (const [address, body] of [
      [`/api/orders/${orderId}/messages`, { body: 'hello' }],
      [`/api/orders/${orderId}/deliveries/approve`, undefined],
      [`/api/orders/${orderId}/intake`, { answers: {} }],
    ] as const) {
      expect([address, (await stranger.post(address, body)).status]).toEqual([address, 404]);
    }
    const strangerPage = await customerContext.browser()!.newContext();
    try {
      const page = await strangerPage.newPage();
      await logIn(page, other.email, other.password);
      await page.goto(`/orders/${orderId}`);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    } finally {
      await strangerPage.close();
    }
  } finally {
    await Promise.all([customerContext, adminContext].map((context) => context.close()));
  }
});
