/**
 * Orders against the built server, real PostgreSQL, Redis and SMTP: placing an order from a pricing
 * record whatever the browser sends, the customer's own orders (paged on the server), exact sums, the
 * admins' view and transitions, and the e-mails they send.
 *
 *   npm run build:server && npm run test:integration -- test/integration/orders.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { ORDER_TEXTS } from '../../src/contracts/orders.js';
import { type HttpClient } from '../support/http-client.js';
import { sampleRecord, sectionOf } from '../support/content.js';
import {
  assertErrorBody,
  assertStatus,
  createAccount,
  expectNewMail,
  fieldsOf,
  type Json,
  loginOk,
  mailTo,
} from '../support/identity.js';
import type { IdentityApp } from '../support/identity-suite.js';
import { pollUntil } from '../support/net.js';
import { placeOrderBody } from '../support/shop.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'orders', simulateClientIps: true });
const { adminEmail } = world;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why each e-mail came, as its footer says (read on one line: the text part wraps). */
const ORDER_REASON =
  'You received this e-mail because you placed an order on the SEO Agency website.';
const ADMIN_REASON = 'You received this e-mail because you are an admin of the SEO Agency website.';
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('orders', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let premiumId: string;

  const place = (client: HttpClient, packageId = premiumId, name = 'Ada Lovelace') =>
    placeOrderBody(client, packageId, name);

  /** A pricing package of the given price, added by the admin. */
  async function packageAt(price: string): Promise<string> {
    const record = { ...sampleRecord(sectionOf('pricing')), packagePrice: price };
    const created = await admin.post('/api/content/pricing', record);
    assertStatus(created, 201, `a package at ${price}`);
    return String((created.body as Json)._id);
  }

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
    premiumId = await world.premiumPackageId();
  }, 120_000);

  test('an order is built from the pricing record and the session, and mailed to the customer and the admins', async () => {
    const { client, email } = await world.customer();
    const toCustomer = expectNewMail(world.mailbox, mailTo(email, 'Your order: Premium package'));
    const toAdmin = expectNewMail(world.mailbox, mailTo(adminEmail, 'New order: Premium, $499.00'));
    const order = await place(client, premiumId, '  Ada Lovelace ');
    expect(order).toMatchObject({
      packageId: premiumId,
      packageName: 'Premium',
      packagePrice: '499.00',
      customerEmail: email.toLowerCase(),
      customerName: 'Ada Lovelace',
      customerAddress: 'NA',
      customerCountry: 'NA',
      paymentStatus: 'UnPaid',
      orderStatus: 'Pending',
      paidAt: null,
    });
    expect(String(order._id)).toMatch(UUID);
    expect(Math.abs(Date.parse(String(order.orderDate)) - Date.now())).toBeLessThan(60_000);

    const mail = await toCustomer.next();
    // The Pay link, on a line of its own.
    expect(mail.text.split('\n')).toContain(`${api.publicUrl}/pay-now/${order._id}`);
    expect(mail.text).toContain('$499.00');
    expect(oneLine(mail.text)).toContain(ORDER_REASON);
    const adminMail = await toAdmin.next();
    expect(adminMail.text).toContain(email.toLowerCase());
    expect(oneLine(adminMail.text)).toContain(ADMIN_REASON);
    // The order's admin screen, on a line of its own.
    expect(adminMail.text.split('\n')).toContain(
      `${api.publicUrl}/admin/payment-status/${order._id}`,
    );
  });

  test('price, e-mail, statuses and unknown fields sent by the browser change nothing: a 400 names them', async () => {
    const { client } = await world.customer();
    const tampered = await client.post('/api/orders', {
      packageId: premiumId,
      customerName: 'Mallory',
      packagePrice: '0.01',
      customerEmail: 'victim@example.test',
      paymentStatus: 'Paid',
    });
    const fields = fieldsOf(assertErrorBody(tampered, 400));
    expect(fields).toStrictEqual({
      packagePrice: 'Unknown field',
      customerEmail: 'Unknown field',
      paymentStatus: 'Unknown field',
    });
    const missing = fieldsOf(
      assertErrorBody(await client.post('/api/orders', { packageId: premiumId }), 400),
    );
    expect(missing).toStrictEqual({ customerName: 'Full Name is Required' });
    const unknownPackage = await client.post('/api/orders', {
      packageId: '00000000-0000-4000-8000-000000000000',
      customerName: 'Ada',
    });
    expect(assertErrorBody(unknownPackage, 404).message).toBe(ORDER_TEXTS.packageMissing);
    const page = (await client.get('/api/orders/mine')).body as Json;
    expect(page.total).toBe(0);
  });

  test('a customer sees only their own orders, newest first, paged on the server; another customer’s id is a 404', async () => {
    const a = await world.customer();
    const b = await world.customer();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(String((await place(a.client))._id));
    const bOrder = await place(b.client);

    const first = (await a.client.get('/api/orders/mine?page=1&pageSize=5')).body as Json;
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 5 });
    const second = (await a.client.get('/api/orders/mine?page=2&pageSize=5')).body as Json;
    const listed = [...(first.items as Json[]), ...(second.items as Json[])].map((o) => o._id);
    expect(listed).toStrictEqual([...ids].reverse());
    const dashboard = (await a.client.get('/api/orders/mine?pageSize=3')).body as Json;
    expect(dashboard.items as Json[]).toHaveLength(3);

    for (const response of [
      await a.client.get(`/api/orders/${bOrder._id}`),
      await a.client.post(`/api/orders/${bOrder._id}/cancel`),
      await a.client.get('/api/orders/not-a-uuid'),
    ]) {
      expect(assertErrorBody(response, 404).message).toBe(ORDER_TEXTS.notYours);
    }
    expect(((await b.client.get(`/api/orders/${bOrder._id}`)).body as Json).paymentStatus).toBe(
      'UnPaid',
    );
    const bad = fieldsOf(
      assertErrorBody(await a.client.get('/api/orders/mine?page=0&pageSize=500'), 400),
    );
    expect(Object.keys(bad).sort()).toStrictEqual(['page', 'pageSize']);
  });

  test('the open orders (list=open) are Pending and neither Cancelled nor Refunded, paged on the server; every order stays in the full list', async () => {
    const customer = await world.customer();
    const { client } = customer;
    const unpaid = await world.order({ by: customer });
    const paid = await world.order({ by: customer, paid: true });
    const delivered = await world.order({ by: customer, paid: true });
    const cancelled = await world.order({ by: customer, cancelled: true });
    const refunded = await world.order({ by: customer, paid: true });
    const unpaidToo = await world.order({ by: customer });
    assertStatus(
      await admin.put(`/api/admin/orders/${delivered.id}/status`, { orderStatus: 'Delivered' }),
      200,
      'deliver',
    );
    // As PayPal's refund leaves it (the refund itself is paypal-checkout.test.ts's).
    await world.db.query(`update "order" set payment_status = 'Refunded' where id = $1`, [
      refunded.id,
    ]);

    const ids = (page: Json) => (page.items as Json[]).map((order) => order._id);
    const open1 = (await client.get('/api/orders/mine?list=open&pageSize=2')).body as Json;
    const open2 = (await client.get('/api/orders/mine?list=open&pageSize=2&page=2')).body as Json;
    expect(open1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect([...ids(open1), ...ids(open2)]).toStrictEqual([unpaidToo.id, paid.id, unpaid.id]);
    const all = (await client.get('/api/orders/mine?list=all&pageSize=10')).body as Json;
    expect(ids(all)).toStrictEqual(
      [unpaidToo, refunded, cancelled, delivered, paid, unpaid].map((order) => order.id),
    );
    expect(((await client.get('/api/orders/mine?pageSize=10')).body as Json).total).toBe(6);
    const bad = fieldsOf(assertErrorBody(await client.get('/api/orders/mine?list=closed'), 400));
    expect(bad).toStrictEqual({ list: 'list must be all or open' });
  });

  test('an unpaid order whose payment is pending at PayPal or under review says so (paymentHold), in the list and alone', async () => {
    const customer = await world.customer();
    const { client } = customer;
    const free = await world.order({ by: customer });
    const pending = await world.order({ by: customer });
    const reviewedAtPaypal = await world.order({ by: customer });
    const flagged = await world.order({ by: customer });
    const abandoned = await world.order({ by: customer });
    // PayPal's side of each, as the payments module records it (its transitions are its own tests').
    for (const [order, status] of [
      [pending, 'PENDING'],
      [reviewedAtPaypal, 'REVIEW'],
      [abandoned, 'ABANDONED'],
    ] as const) {
      await world.db.query(
        `insert into paypal_order (order_id, paypal_order_id, generation, status, created_at, updated_at)
         values ($1, $2, 1, $3, now(), now())`,
        [order.id, `PP-${order.id.slice(0, 8)}`, status],
      );
    }
    await world.db.query(`update "order" set review_reason = 'wrong amount' where id = $1`, [
      flagged.id,
    ]);

    const holds = Object.fromEntries(
      (((await client.get('/api/orders/mine?list=open')).body as Json).items as Json[]).map(
        (order) => [order._id, order.paymentHold],
      ),
    );
    expect(holds).toStrictEqual({
      [free.id]: null,
      [pending.id]: 'pending',
      [reviewedAtPaypal.id]: 'review',
      [flagged.id]: 'review',
      [abandoned.id]: null,
    });
    const one = (await client.get(`/api/orders/${pending.id}`)).body as Json;
    expect(one).toMatchObject({ paymentStatus: 'UnPaid', paymentHold: 'pending' });
  });

  test('the customer cancels an unpaid order once; a paid one cannot be cancelled', async () => {
    const { client } = await world.customer();
    const unpaid = await place(client);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () => client.post(`/api/orders/${unpaid._id}/cancel`)),
    );
    expect(cancels.map((r) => r.status).sort()).toStrictEqual([200, 409, 409, 409, 409]);
    expect(((await client.get(`/api/orders/${unpaid._id}`)).body as Json).paymentStatus).toBe(
      'Cancelled',
    );

    const paid = await place(client);
    await world.recordPayment(String(paid._id));
    const refused = await client.post(`/api/orders/${paid._id}/cancel`);
    expect(assertErrorBody(refused, 409).message).toBe(ORDER_TEXTS.notUnpaid);
    expect(((await client.get(`/api/orders/${paid._id}`)).body as Json).paymentStatus).toBe('Paid');
  });

  test('sums are exact decimals: 0.10 + 0.20 paid is $0.30, and unpaid or cancelled orders do not count', async () => {
    const dime = await packageAt('0.10');
    const twenty = await packageAt('0.20');
    const customer = await world.customer();
    const { client } = customer;
    const before = (await admin.get('/api/admin/orders/summary')).body as Json;
    await world.order({ by: customer, packageId: dime, paid: true });
    await world.order({ by: customer, packageId: twenty, paid: true });
    await world.order({ by: customer, packageId: twenty });
    await world.order({ by: customer, packageId: dime, cancelled: true });

    expect((await client.get('/api/orders/summary')).body).toStrictEqual({
      orderCount: 4,
      totalSpent: '0.30',
    });
    const after = (await admin.get('/api/admin/orders/summary')).body as Json;
    expect(after.orderCount).toBe(Number(before.orderCount) + 4);
    expect(after.paidCount).toBe(Number(before.paidCount) + 2);
    // The admin's total grew by exactly 0.30 (compared in cents, as integers).
    const cents = (amount: unknown) => BigInt(String(amount).replace('.', ''));
    expect(cents(after.totalSales) - cents(before.totalSales)).toBe(30n);
  });

  test('admins see every order newest first and set Delivered once, which e-mails the customer', async () => {
    const { client, email } = await world.customer();
    const order = await place(client);
    const page = (await admin.get('/api/admin/orders?pageSize=7')).body as Json;
    expect((page.items as Json[])[0]?._id).toBe(order._id);
    expect(page.pageSize).toBe(7);

    const delivered = expectNewMail(
      world.mailbox,
      mailTo(email, 'Your Premium order is delivered'),
    );
    const updated = await admin.put(`/api/admin/orders/${order._id}/status`, {
      orderStatus: 'Delivered',
    });
    assertStatus(updated, 200, 'PUT status');
    expect(updated.body).toMatchObject({ orderStatus: 'Delivered' });
    expect(oneLine((await delivered.next()).text)).toContain(ORDER_REASON);
    // Setting it again changes nothing and sends nothing more.
    assertStatus(
      await admin.put(`/api/admin/orders/${order._id}/status`, { orderStatus: 'Delivered' }),
      200,
    );
    const bad = await admin.put(`/api/admin/orders/${order._id}/status`, {
      orderStatus: 'Shipped',
    });
    expect(fieldsOf(assertErrorBody(bad, 400)).orderStatus).toBe(
      'Order Status must be Pending or Delivered',
    );
  });

  test('an admin cancels an unpaid order with a reason, which the customer is told by e-mail', async () => {
    const { client, email } = await world.customer();
    const order = await place(client);
    const cancel = (body: unknown) => admin.post(`/api/admin/orders/${order._id}/cancel`, body);

    // The reason is required and bounded: a 400 names the field.
    expect(fieldsOf(assertErrorBody(await cancel({}), 400)).reason).toBeDefined();
    expect(fieldsOf(assertErrorBody(await cancel({ reason: 'x'.repeat(501) }), 400)).reason).toBe(
      'Reason must be at most 500 characters',
    );

    const toCustomer = expectNewMail(
      world.mailbox,
      mailTo(email, 'Your Premium order is cancelled'),
    );
    const reason = 'The package is sold out this month, sorry.';
    assertStatus(await cancel({ reason }), 200, 'cancel as admin');
    const mail = await toCustomer.next();
    expect(oneLine(mail.text)).toContain(reason);
    expect(oneLine(mail.text)).toContain('nothing was charged');
    expect(oneLine(mail.text)).toContain(ORDER_REASON);
    expect(mail.text.split('\n')).toContain(`${api.publicUrl}/my-order`);
  });

  test('a cancelled order cannot be set Delivered: a 409 naming why, and the order stays as it was', async () => {
    const { id } = await world.order({ cancelled: true });
    const refused = await admin.put(`/api/admin/orders/${id}/status`, {
      orderStatus: 'Delivered',
    });
    expect(assertErrorBody(refused, 409).message).toBe(ORDER_TEXTS.cancelledNotDeliverable);
    expect((await admin.get(`/api/admin/orders/${id}`)).body).toMatchObject({
      paymentStatus: 'Cancelled',
      orderStatus: 'Pending',
      deliveredAt: null,
    });
  });

  test('only customers reach their orders and only admins the admin routes', async () => {
    const anonymous = api.client();
    const { client } = await world.customer();
    const order = await place(client);
    for (const response of [
      await anonymous.get('/api/orders/mine'),
      await anonymous.post('/api/orders', { packageId: premiumId, customerName: 'X' }),
      await anonymous.get('/api/admin/orders'),
    ]) {
      assertErrorBody(response, 401);
    }
    for (const response of [
      await client.get('/api/admin/orders'),
      await client.get('/api/admin/orders/summary'),
      await client.put(`/api/admin/orders/${order._id}/status`, { orderStatus: 'Delivered' }),
      await client.post(`/api/admin/orders/${order._id}/payment`, { reason: 'self-service' }),
    ]) {
      assertErrorBody(response, 403);
    }
    expect(((await client.get(`/api/orders/${order._id}`)).body as Json).paymentStatus).toBe(
      'UnPaid',
    );
  });

  test('an order still unpaid when its reminder is due gets one reminder with its Pay link; paid or cancelled ones get none', async () => {
    // A second app (API only: the first one's worker sends the e-mails) whose orders are due for their
    // reminder after 1.5 s instead of a day.
    const soon = await world.startApp({
      name: 'orders-reminders',
      role: 'api',
      simulateClientIps: true,
      env: { ORDER_REMINDER_DELAY_MS: '1500' },
    });
    // Not signedInCustomer(world, soon): the verification mail links to the world's app, whose worker
    // sends it (this one is api-only).
    const client = soon.client();
    const { email, password } = await createAccount(client, world.mailbox, api.publicUrl);
    await loginOk(client, email, password);
    const reminders = expectNewMail(world.mailbox, mailTo(email, 'order is waiting for payment'));
    const paid = await place(client);
    await world.recordPayment(String(paid._id));
    const cancelled = await place(client);
    assertStatus(await client.post(`/api/orders/${cancelled._id}/cancel`), 200);
    const unpaid = await place(client);

    const reminder = await reminders.next();
    expect(reminder.text.split('\n')).toContain(`${api.publicUrl}/pay-now/${unpaid._id}`);
    // Once all three reminders have been handled, the unpaid order's is the only one sent.
    const ids = [paid._id, cancelled._id, unpaid._id].map(String);
    await pollUntil(
      async () => {
        const { rows } = await world.db.query<{ settled: string }>(
          `select count(*) as settled from outbox_event
            where type = 'OrderPaymentDue' and payload->>'orderId' = any($1)
              and completed_at is not null and due_at is not null`,
          [ids],
        );
        return Number(rows[0]?.settled) === 3;
      },
      { timeoutMs: 20_000, what: 'the three reminders to be handled' },
    );
    // The e-mails a handler asks for are written in its transaction: one reminder was asked for.
    const { rows } = await world.db.query<{ template: string; count: string }>(
      `select type as template, count(*) from outbox_event
        where queue = 'mail' and type like 'order%' and payload->>'to' = $1
        group by type order by type`,
      [email.toLowerCase()],
    );
    expect(rows.map((row) => `${row.template} ×${row.count}`)).toStrictEqual([
      'orderPlaced ×3',
      'orderReceipt ×1',
      'orderReminder ×1',
    ]);
    expect(reminders.arrived()).toHaveLength(1);
    await soon.stop();
  });
});
