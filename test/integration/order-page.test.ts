/**
 * The order page's API against the built server, real PostgreSQL, Redis and SMTP: an order's
 * timeline for its customer (never the internal entries) and for admins (everything), the admin
 * home's Due soon / overdue list, the order form's billing details and the Business Details on the
 * invoice PDF, the admins' invoices list, and the invoicing of orders paid before invoices existed.
 *
 *   npm run build:server && npm run test:integration -- test/integration/order-page.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { extractText, getDocumentProxy } from 'unpdf';
import { type HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, fieldsOf, type Json } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { png } from '../support/png.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'order-page', simulateClientIps: true });

interface Activity {
  id: string;
  at: string;
  kind: string;
  actor: string;
  actorEmail: string | null;
  text: string;
  internal: boolean;
}

interface Invoice {
  id: string;
  number: string;
  kind: string;
  amount: string;
  pdfUrl: string;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Whether the PDF draws an image (pdf-lib writes each one as an /Image XObject). */
const hasImage = (bytes: Uint8Array) => Buffer.from(bytes).includes('/Subtype /Image');

const DAY = 86_400_000;

describe('the order page', () => {
  let admin: HttpClient;

  const invoicesOf = async (client: HttpClient, orderId: string) => {
    const listed = await client.get(`/api/orders/${orderId}/invoices`);
    assertStatus(listed, 200, 'list the invoices');
    return listed.body as Invoice[];
  };

  /** Sets the Business Details (added when there are none yet): the seller of new invoices. */
  async function setBusinessDetails(fields: Record<string, string>): Promise<void> {
    const list = await admin.get('/api/content/businessDetails');
    assertStatus(list, 200, 'read the Business Details');
    const [current] = list.body as Json[];
    const answer = current
      ? await admin.put(`/api/content/businessDetails/${String(current._id)}`, fields)
      : await admin.post('/api/content/businessDetails', fields);
    assertStatus(answer, current ? 200 : 201, 'save the Business Details');
  }

  beforeAll(async () => {
    admin = await world.admin();
  }, 120_000);

  test('the timeline: its customer reads what happened, oldest first, without internal entries or admins’ addresses; admins read it all; anyone else gets 404', async () => {
    const { id, customer } = await world.order({ paid: true });
    // The worker puts the order's events on the timeline.
    const kinds = await pollUntil(
      async () => {
        const answer = await customer.client.get(`/api/orders/${id}/timeline`);
        assertStatus(answer, 200, 'read the timeline');
        const entries = answer.body as Activity[];
        return entries.some((entry) => entry.kind === 'paid') ? entries : undefined;
      },
      { timeoutMs: 30_000, what: 'the payment on the timeline' },
    );
    expect(kinds.map((entry) => entry.kind)).toEqual(['placed', 'paid']);

    // An admin's internal note, as the thread records one.
    await world.db.query(
      `insert into order_activity (id, order_id, at, kind, actor, actor_email, text, internal)
       values ($1, $2, now(), 'internal_note', 'admin', $3, 'Customer seems in a hurry', true)`,
      [randomUUID(), id, world.adminEmail],
    );

    const mine = await customer.client.get(`/api/orders/${id}/timeline`);
    assertStatus(mine, 200, 'the customer reads the timeline');
    expect(mine.headers.get('cache-control')).toContain('no-store');
    const customerView = mine.body as Activity[];
    expect(customerView.map((entry) => [entry.kind, entry.actor])).toEqual([
      ['placed', 'customer'],
      ['paid', 'admin'],
    ]);
    expect(customerView.every((entry) => !entry.internal && entry.actorEmail === null)).toBe(true);
    expect(JSON.stringify(customerView)).not.toContain('Customer seems in a hurry');
    expect(JSON.stringify(customerView)).not.toContain(world.adminEmail);

    const all = await admin.get(`/api/admin/orders/${id}/timeline`);
    assertStatus(all, 200, 'the admin reads the timeline');
    const adminView = all.body as Activity[];
    expect(adminView.map((entry) => entry.kind)).toEqual(['placed', 'paid', 'internal_note']);
    expect(adminView[2]).toMatchObject({
      internal: true,
      actor: 'admin',
      actorEmail: world.adminEmail,
      text: 'Customer seems in a hurry',
    });
    // Oldest first.
    const times = adminView.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);

    // Someone else's order, an unknown id and a malformed one: the same 404; not admins' route.
    const other = await world.customer();
    assertErrorBody(await other.client.get(`/api/orders/${id}/timeline`), 404);
    assertErrorBody(await other.client.get(`/api/orders/${randomUUID()}/timeline`), 404);
    assertErrorBody(await other.client.get('/api/orders/not-an-id/timeline'), 404);
    assertErrorBody(await admin.get(`/api/admin/orders/${randomUUID()}/timeline`), 404);
    assertErrorBody(await customer.client.get(`/api/admin/orders/${id}/timeline`), 403);
    expect((await world.api.client().get(`/api/orders/${id}/timeline`)).status).toBe(401);
  });

  test('Due soon / overdue: Pending paid orders with a due date, soonest first, overdue ones first of all, paged', async () => {
    const now = Date.now();
    const due = async (offsetDays: number, options: { paid?: true } = { paid: true }) => {
      const { id } = await world.order(options);
      await world.db.query(`update "order" set due_at = $2 where id = $1`, [
        id,
        new Date(now + offsetDays * DAY),
      ]);
      return id;
    };
    const inFive = await due(5);
    const overdue = await due(-2);
    const inOne = await due(1);
    const inThree = await due(3);
    const inTen = await due(10);
    // Not listed: unpaid, delivered, or paid without a due date (details not sent yet).
    const unpaid = await due(2, {});
    const delivered = await due(2);
    assertStatus(
      await admin.put(`/api/admin/orders/${delivered}/status`, { orderStatus: 'Delivered' }),
      200,
      'deliver',
    );
    const { id: noDueDate } = await world.order({ paid: true });

    const all = await admin.get('/api/admin/orders/due?page=1&pageSize=50');
    assertStatus(all, 200, 'list the due orders');
    const listed = (all.body as { items: Json[]; total: number }).items.map((order) =>
      String(order._id),
    );
    expect(listed).toEqual([overdue, inOne, inThree, inFive, inTen]);
    expect((all.body as { total: number }).total).toBe(5);
    for (const left of [unpaid, delivered, noDueDate]) expect(listed).not.toContain(left);

    // 3 a page by default, like the admin home's other tables.
    const first = await admin.get('/api/admin/orders/due');
    expect(first.body).toMatchObject({ page: 1, pageSize: 3, total: 5 });
    const second = await admin.get('/api/admin/orders/due?page=2');
    const pages = [first, second].flatMap((answer) =>
      (answer.body as { items: Json[] }).items.map((order) => String(order._id)),
    );
    expect(pages).toEqual(listed);
    expect((second.body as { items: Json[] }).items[0]).toMatchObject({
      _id: inFive,
      stage: 'awaiting_details',
      dueAt: expect.any(String),
    });

    const bad = assertErrorBody(await admin.get('/api/admin/orders/due?page=0'), 400);
    expect(Object.keys(fieldsOf(bad))).toEqual(['page']);
    const customer = await world.customer();
    assertErrorBody(await customer.client.get('/api/admin/orders/due'), 403);
  });

  test('the order form’s billing details are optional, checked, and named on the invoice with the Business Details as the seller (logo when it is a PNG)', async () => {
    const packageId = await world.premiumPackageId();
    const customer = await world.customer();

    // Checked on the server, each refusal naming its field.
    const tooLong = await customer.client.post('/api/orders', {
      packageId,
      customerName: 'Grace Hopper',
      companyName: 'x'.repeat(101),
      taxId: 42,
    });
    expect(fieldsOf(assertErrorBody(tooLong, 400))).toEqual({
      companyName: expect.stringContaining('Company Name'),
      taxId: expect.stringContaining('Tax ID'),
    });

    // A logo uploaded as PNG.
    const upload = new FormData();
    upload.append('file', new Blob([png(120, 40) as BlobPart], { type: 'image/png' }), 'logo.png');
    const logo = await admin.request('POST', '/api/media', { body: upload });
    assertStatus(logo, 201, 'upload the logo');
    await setBusinessDetails({
      legalName: 'Hopper & Partners SEO LLC',
      address: '12 Compiler Lane\nArlington, VA 22201',
      taxId: 'EIN 98-7654321',
      invoiceFooter: 'Payable on receipt. Thank you for your business.',
      logo: String((logo.body as Json).url),
    });

    const placed = await customer.client.post('/api/orders', {
      packageId,
      customerName: 'Grace Hopper',
      companyName: '  Navy Labs Inc.  ',
      billingAddress: '1 Harbor Road\nNorfolk, VA 23511',
      taxId: 'US-123456',
    });
    assertStatus(placed, 201, 'place an order with billing details');
    expect(placed.body).toMatchObject({
      companyName: 'Navy Labs Inc.',
      billingAddress: '1 Harbor Road\nNorfolk, VA 23511',
      taxId: 'US-123456',
    });
    const orderId = String((placed.body as Json)._id);
    await world.recordPayment(orderId);
    const [invoice] = await invoicesOf(customer.client, orderId);
    const pdf = await customer.client.get(invoice!.pdfUrl);
    assertStatus(pdf, 200, 'download the invoice');
    const text = await pdfText(pdf.bytes);
    // The seller: the Business Details as they were when it was issued.
    expect(text).toContain('Hopper & Partners SEO LLC');
    expect(text).toContain('12 Compiler Lane');
    expect(text).toContain('Arlington, VA 22201');
    expect(text).toContain('Tax ID: EIN 98-7654321');
    expect(text).toContain('Payable on receipt. Thank you for your business.');
    // The buyer: the order form's company, billing address (instead of the order's) and tax id.
    expect(text).toContain('Navy Labs Inc.');
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('1 Harbor Road');
    expect(text).toContain('Norfolk, VA 23511');
    expect(text).toContain('Tax ID: US-123456');
    expect(hasImage(pdf.bytes)).toBe(true);

    // Details changed later do not change an invoice issued already; a logo that is not a PNG or
    // JPEG (the demo's SVG) is left out of new ones.
    await setBusinessDetails({
      legalName: 'Renamed Agency Ltd',
      address: '1 Other Street',
      logo: '/demo/logo-240x48.svg',
    });
    expect(await pdfText((await customer.client.get(invoice!.pdfUrl)).bytes)).toContain(
      'Hopper & Partners SEO LLC',
    );
    const { id: later, customer: laterCustomer } = await world.order({ paid: true });
    const [laterInvoice] = await invoicesOf(laterCustomer.client, later);
    const laterPdf = (await laterCustomer.client.get(laterInvoice!.pdfUrl)).bytes;
    const laterText = await pdfText(laterPdf);
    expect(laterText).toContain('Renamed Agency Ltd');
    expect(laterText).not.toContain('Payable on receipt');
    expect(hasImage(laterPdf)).toBe(false);

    // An order placed without billing details (as the seed's calls place them) has none.
    expect((await customer.client.get(`/api/orders/${later}`)).status).toBe(404);
    const plain = (await laterCustomer.client.get(`/api/orders/${later}`)).body as Json;
    expect(plain).toMatchObject({ companyName: null, billingAddress: null, taxId: null });
  });

  test('admins list every invoice and credit note, newest first, paged, with its order and buyer', async () => {
    const { id: orderId, customer } = await world.order({
      paid: true,
      customerName: 'Listed Buyer',
    });
    const [invoice] = await invoicesOf(customer.client, orderId);

    const first = await admin.get('/api/admin/invoices?page=1&pageSize=2');
    assertStatus(first, 200, 'list the invoices');
    const page = first.body as { items: Json[]; total: number; page: number; pageSize: number };
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      id: invoice!.id,
      number: invoice!.number,
      kind: 'invoice',
      orderId,
      buyerName: 'Listed Buyer',
      buyerEmail: customer.email,
      buyerCompany: null,
      amount: '499.00',
      currency: 'USD',
      pdfUrl: `/api/invoices/${invoice!.id}.pdf`,
    });
    const { rows } = await world.db.query<{ count: string }>('select count(*) from invoice');
    expect(page.total).toBe(Number(rows[0]!.count));
    // Newest first: the numbers of one year go down.
    expect(String(page.items[0]!.number) > String(page.items[1]!.number)).toBe(true);

    assertErrorBody(await admin.get('/api/admin/invoices?pageSize=500'), 400);
    assertErrorBody(await customer.client.get('/api/admin/invoices'), 403);
  });

  test('orders paid before invoices existed are invoiced when the app starts, in paid order, once', async () => {
    // Two paid orders whose invoices never were (as before invoices existed), paid a day apart.
    const older = await world.order({ paid: true });
    const newer = await world.order({ paid: true });
    await world.db.query(`delete from invoice where order_id = any($1::uuid[])`, [
      [older.id, newer.id],
    ]);
    await world.db.query(`update "order" set paid_at = paid_at - interval '1 day' where id = $1`, [
      older.id,
    ]);
    const year = new Date().getUTCFullYear();
    const counter = async () =>
      (
        await world.db.query<{ last: number }>('select last from invoice_counter where year = $1', [
          year,
        ])
      ).rows[0]!.last;
    const before = await counter();

    const restarted = await world.startApp({ name: 'order-page-backfill', role: 'api' });
    try {
      const [olderInvoice] = await invoicesOf(older.customer.client, older.id);
      const [newerInvoice] = await invoicesOf(newer.customer.client, newer.id);
      const numbered = (n: number) => `INV-${year}-${String(n).padStart(6, '0')}`;
      expect(olderInvoice).toMatchObject({ kind: 'invoice', number: numbered(before + 1) });
      expect(newerInvoice).toMatchObject({ kind: 'invoice', number: numbered(before + 2) });
      expect(await counter()).toBe(before + 2);
      const text = await pdfText((await older.customer.client.get(olderInvoice!.pdfUrl)).bytes);
      expect(text).toContain('USD 499.00');
    } finally {
      await restarted.stop();
    }

    // Starting again invoices nothing twice and takes no number.
    const again = await world.startApp({ name: 'order-page-backfill-2', role: 'api' });
    try {
      expect(await counter()).toBe(before + 2);
      expect(await invoicesOf(older.customer.client, older.id)).toHaveLength(1);
      expect(await invoicesOf(newer.customer.client, newer.id)).toHaveLength(1);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
