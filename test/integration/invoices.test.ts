/**
 * Invoices and credit notes against the built server, real PostgreSQL, Redis and SMTP, and the
 * built-in PayPal simulator: numbered without gaps per year in the payment's transaction, read back
 * as PDF text by their customer or an admin only.
 *
 *   npm run build:server && npm run test:integration -- test/integration/invoices.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { extractText, getDocumentProxy } from 'unpdf';
import { type HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, type Json, mailTo } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { placeOrder } from '../support/shop.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'invoices', simulateClientIps: true });

type Invoice = {
  id: string;
  number: string;
  kind: string;
  reverses: string | null;
  amount: string;
  currency: string;
  pdfUrl: string;
};

const year = new Date().getUTCFullYear();
const numbered = (n: number) => `INV-${year}-${String(n).padStart(6, '0')}`;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('invoices', () => {
  let admin: HttpClient;
  let premiumId: string;

  const invoicesOf = async (client: HttpClient, orderId: string) => {
    const listed = await client.get(`/api/orders/${orderId}/invoices`);
    assertStatus(listed, 200, 'list the invoices');
    return listed.body as Invoice[];
  };

  const paymentStatus = async (client: HttpClient, orderId: string) =>
    ((await client.get(`/api/orders/${orderId}`)).body as Json).paymentStatus;

  beforeAll(async () => {
    admin = await world.admin();
    premiumId = await world.premiumPackageId();
  }, 120_000);

  test('an order paid through PayPal Checkout gets the year’s first invoice, a PDF only its customer and the admins read; a refund gets a credit note', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    expect(await invoicesOf(a.client, orderId)).toEqual([]);

    const created = await a.client.post(`/api/orders/${orderId}/paypal-order`);
    assertStatus(created, 200, 'create the PayPal order');
    const approved = await fetch(`${world.api.baseUrl}/paypal-simulator/checkoutnow`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: String((created.body as Json).paypalOrderId),
        action: 'pay',
      }).toString(),
    });
    expect(approved.status).toBe(200);
    assertStatus(
      await a.client.post(`/api/orders/${orderId}/paypal-order/capture`),
      200,
      'capture',
    );
    await pollUntil(
      async () => ((await paymentStatus(a.client, orderId)) === 'Paid' ? true : undefined),
      { timeoutMs: 30_000, what: 'the order to be Paid' },
    );

    const [invoice, ...others] = await invoicesOf(a.client, orderId);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      number: numbered(1),
      kind: 'invoice',
      reverses: null,
      currency: 'USD',
      amount: '499.00',
      pdfUrl: `/api/invoices/${invoice!.id}.pdf`,
    });

    // The receipt e-mail links to it.
    const receipt = await world.mailbox.waitFor(
      mailTo(a.email, 'Payment receipt: Premium package'),
      30_000,
    );
    expect(receipt.text).toContain(`Your invoice ${numbered(1)}`);
    expect(receipt.text).toContain(`/api/invoices/${invoice!.id}.pdf`);

    const pdf = await a.client.get(invoice!.pdfUrl);
    assertStatus(pdf, 200, 'download the invoice');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(
      `attachment; filename="${numbered(1)}.pdf"`,
    );
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(`Invoice ${numbered(1)}`);
    expect(text).toContain(a.email);
    expect(text).toContain('Premium');
    expect(text).toContain('USD 499.00');
    expect(text).toMatch(/PayPal transaction: \S+/);
    // The seller is the demo content's agency: its Business Details.
    expect(text).toContain('SEO Agency LLC');
    expect(text).toContain('500 Congress Ave');
    expect(text).toContain('Tax ID: EIN 12-3456789');

    // Admins read it too; another customer, and anyone signed out, as if it did not exist.
    assertStatus(await admin.get(invoice!.pdfUrl), 200, 'the admin downloads the invoice');
    expect(await invoicesOf(admin, orderId)).toHaveLength(1);
    const b = await world.customer();
    assertErrorBody(await b.client.get(invoice!.pdfUrl), 404);
    assertErrorBody(await b.client.get(`/api/orders/${orderId}/invoices`), 404);
    assertErrorBody(await b.client.get('/api/invoices/not-an-id.pdf'), 404);
    expect((await world.api.client().get(invoice!.pdfUrl)).status).toBe(401);

    // The refund's credit note reverses the invoice, with the next number.
    assertStatus(await admin.post(`/api/admin/orders/${orderId}/refund`), 200, 'refund');
    await pollUntil(
      async () => ((await paymentStatus(a.client, orderId)) === 'Refunded' ? true : undefined),
      { timeoutMs: 30_000, what: 'the order to be Refunded' },
    );
    const [, creditNote] = await invoicesOf(a.client, orderId);
    expect(creditNote).toMatchObject({
      number: numbered(2),
      kind: 'credit-note',
      reverses: numbered(1),
      amount: '-499.00',
    });
    // The accountant's CSV has both, newest first, for admins only.
    const csv = await admin.get('/api/admin/invoices/export.csv');
    assertStatus(csv, 200, 'export the invoices');
    const csvLines = csv.text.trim().split('\r\n');
    expect(csvLines[0]).toBe(
      'Number,Kind,Reverses,Issued At,Order ID,Customer Name,Customer Email,Customer Address,Line,Currency,Amount,PayPal Transaction,Seller',
    );
    expect(csvLines.slice(1).map((row) => row.split(',').slice(0, 3))).toEqual([
      [numbered(2), 'Credit note', numbered(1)],
      [numbered(1), 'Invoice', ''],
    ]);
    expect(csvLines[2]).toContain(`,${a.email},`);
    expect(csvLines[2]).toContain(',USD,499.00,');
    assertErrorBody(await a.client.get('/api/admin/invoices/export.csv'), 403);

    const credit = await pdfText((await a.client.get(creditNote!.pdfUrl)).bytes);
    expect(credit).toContain(`Credit note ${numbered(2)}`);
    expect(credit).toContain(`Reverses invoice ${numbered(1)}`);
    expect(credit).toContain('USD -499.00');
  });

  test('50 payments at once get 50 distinct consecutive numbers; a payment rolled back leaves no gap', async () => {
    const customer = await world.customer();
    const orderIds: string[] = [];
    for (let i = 0; i < 50; i++) orderIds.push(await placeOrder(customer.client, premiumId));
    const { rows: before } = await world.db.query<{ last: number }>(
      'select last from invoice_counter where year = $1',
      [year],
    );
    const start = before[0]?.last ?? 0;

    const paid = await Promise.all(
      orderIds.map((id) =>
        admin.post(`/api/admin/orders/${id}/payment`, { reason: 'Bank transfer' }),
      ),
    );
    for (const answer of paid) assertStatus(answer, 200, 'record a payment');
    const { rows } = await world.db.query<{ number: string }>(
      `select number from invoice where order_id = any($1::uuid[]) order by number`,
      [orderIds],
    );
    expect(rows.map((row) => row.number)).toEqual(
      Array.from({ length: 50 }, (_, i) => numbered(start + i + 1)),
    );

    // A transaction that took a number and rolled back gives it back: the next payment takes it.
    const client = await world.db.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into invoice_counter (year, last) values ($1, 1)
         on conflict (year) do update set last = invoice_counter.last + 1`,
        [year],
      );
      await client.query('rollback');
    } finally {
      client.release();
    }
    const next = await placeOrder(customer.client, premiumId);
    await world.recordPayment(next);
    const [invoice] = await invoicesOf(customer.client, next);
    expect(invoice!.number).toBe(numbered(start + 51));
    // The PDF of an offline payment names no PayPal transaction.
    const text = await pdfText((await customer.client.get(invoice!.pdfUrl)).bytes);
    expect(text).toContain(`USD 499.00`);
    expect(text).not.toContain('PayPal transaction');
  }, 120_000);

  test('a dispute PayPal resolves by refunding the buyer gets the credit note of the order’s invoice', async () => {
    const { id: orderId, customer } = await world.order({ paid: true });
    const [invoice] = await invoicesOf(customer.client, orderId);
    expect(invoice).toMatchObject({ kind: 'invoice', amount: '499.00' });
    // PayPal's resolution, committed to the outbox as the payments module does.
    await world.db.query(
      `insert into outbox_event (id, queue, type, payload, occurred_at, attempts, dispatch_count)
       values ($1, 'domain-events', 'PaymentDisputeResolved', $2, now(), 0, 0)`,
      [
        randomUUID(),
        JSON.stringify({
          orderId,
          notificationId: randomUUID(),
          disputeId: 'PP-D-77777',
          outcome: 'refunded',
        }),
      ],
    );
    const creditNote = await pollUntil(
      async () => (await invoicesOf(customer.client, orderId))[1],
      { timeoutMs: 20_000, what: 'the credit note' },
    );
    expect(creditNote).toMatchObject({
      kind: 'credit-note',
      reverses: invoice!.number,
      amount: '-499.00',
    });
    expect(await paymentStatus(customer.client, orderId)).toBe('Refunded');
  });
});
