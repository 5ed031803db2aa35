/**
 * A monthly order's billing against the built server, real PostgreSQL, Redis and SMTP: the payments
 * module's subscription events, committed to the outbox as it commits them (SubscriptionCharged,
 * SubscriptionPaymentFailed, SubscriptionStatusChanged), pay the order with the first charge, give
 * every later charge its own invoice and receipt (once per sale however often it is reported), count
 * every charge in Total Spent, and tell the customer, the admins and the timeline what happened.
 *
 *   npm run build:server && npm run test:integration -- test/integration/subscription-billing.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatOrderDate, ORDER_TEXTS } from '../../src/contracts/orders.js';
import type { DomainEventPayloads } from '../../src/platform/outbox/domain-event.js';
import type {} from '../../src/modules/payments/domain/payments.events.js';
import { type HttpClient } from '../support/http-client.js';
import {
  assertErrorBody,
  assertStatus,
  expectNewMail,
  fieldsOf,
  type Json,
  mailTo,
} from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { outboxEvents } from '../support/outbox-events.js';
import { premiumPackageId } from '../support/shop.js';
import { type OrderOptions, type PlacedOrder, useWorld } from '../support/world.js';

const world = useWorld({ name: 'subscription-billing' });

/** An order of Premium as the demo content sells it: monthly ($499.00 a month). */
async function monthlyOrder(options: OrderOptions = {}): Promise<PlacedOrder> {
  return world.order({ packageId: await premiumPackageId(world.api), ...options });
}
const { adminEmail } = world;

const { commit, handled } = outboxEvents(() => world.db);

/**
 * Waits until every event owed so far (the orders' events, the e-mails) is handled and sent; the
 * unpaid reminders, due tomorrow, are not owed yet.
 */
async function settled(): Promise<void> {
  await pollUntil(
    async () => {
      const { rows } = await world.db.query<{ owed: string }>(
        `select count(*) as owed from outbox_event
          where completed_at is null and failed_at is null and (due_at is null or due_at <= now())`,
      );
      return Number(rows[0]?.owed) === 0;
    },
    { timeoutMs: 20_000, what: 'every event to be handled and every e-mail sent' },
  );
}

const PAYPAL_SUBSCRIPTION = 'I-BW452GLLEP1G';
const FIX_URL = `https://www.sandbox.paypal.com/myaccount/autopay/connect/${PAYPAL_SUBSCRIPTION}`;

/** PayPal's charge of month `sequence` of the order's subscription, as payments reports it. */
const charge = (orderId: string, sequence: number, saleId: string, amount = '499.00') =>
  commit('SubscriptionCharged', {
    orderId,
    subscriptionId: randomUUID(),
    paypalSubscriptionId: PAYPAL_SUBSCRIPTION,
    saleId,
    amount,
    sequence,
    paidAt: new Date().toISOString(),
    nextBillingAt: `2027-0${sequence}-23T10:00:00.000Z`,
    notificationId: randomUUID(),
  });

const statusChange = (
  order: PlacedOrder,
  change: Pick<
    DomainEventPayloads['SubscriptionStatusChanged'],
    'from' | 'to' | 'by' | 'reason' | 'endsAt'
  >,
) =>
  commit('SubscriptionStatusChanged', {
    orderId: order.id,
    subscriptionId: randomUUID(),
    customerEmail: order.customer.email,
    packageName: 'Premium',
    price: '499.00',
    ...change,
  });

type Invoice = { id: string; number: string; kind: string; amount: string; pdfUrl: string };

/** The number's running count: INV-2026-000042 → 42. */
const serial = (number: string) => Number(number.slice(-6));

describe('subscription billing', () => {
  let admin: HttpClient;

  const invoicesOf = async (order: PlacedOrder) => {
    const listed = await order.customer.client.get(`/api/orders/${order.id}/invoices`);
    assertStatus(listed, 200, 'list the invoices');
    return listed.body as Invoice[];
  };

  const timeline = async (order: PlacedOrder) => {
    const answer = await order.customer.client.get(`/api/orders/${order.id}/timeline`);
    assertStatus(answer, 200, 'the timeline');
    return (answer.body as { kind: string; actor: string; text: string }[]).map(
      ({ kind, actor, text }) => ({ kind, actor, text }),
    );
  };

  const totalSales = async () => {
    const summary = await admin.get('/api/admin/orders/summary');
    assertStatus(summary, 200, 'the admin summary');
    return BigInt(String((summary.body as Json).totalSales).replace('.', ''));
  };

  /** A monthly order of Premium, paid by its subscription's first charge. */
  async function subscribedOrder(): Promise<PlacedOrder> {
    const order = await monthlyOrder();
    await handled(await charge(order.id, 1, `SALE-${randomUUID()}`));
    return order;
  }

  beforeAll(async () => {
    admin = await world.admin();
  }, 120_000);

  test('subscribe → three monthly charges: the first pays the order, each has its own invoice and receipt, once per sale (×3 each), and Total Spent counts all three', async () => {
    const salesBefore = await totalSales();
    const order = await monthlyOrder();
    const email = order.customer.email;
    expect(order.placed).toMatchObject({ billing: 'monthly', packagePrice: '499.00' });

    // The first charge pays the UnPaid order as a one-off payment does: receipt and intake follow.
    const receipt = expectNewMail(world.mailbox, mailTo(email, 'Payment receipt: Premium package'));
    const intake = expectNewMail(world.mailbox, mailTo(email, 'Tell us about your project'));
    await handled(await charge(order.id, 1, 'SALE-1-' + order.id));
    const mine = await order.customer.client.get(`/api/orders/${order.id}`);
    expect(mine.body).toMatchObject({ paymentStatus: 'Paid', billing: 'monthly' });
    const [first, ...none] = await invoicesOf(order);
    expect(none).toEqual([]);
    expect(first).toMatchObject({ kind: 'invoice', amount: '499.00' });
    const firstReceipt = await receipt.next();
    expect(firstReceipt.subject).toBe('Payment receipt: Premium package');
    expect(firstReceipt.text).toContain(first!.number);
    await intake.next();

    // Months 2 and 3, each reported three times (PayPal's repeats, reconciliation).
    const month2 = expectNewMail(world.mailbox, mailTo(email, '(month 2)'));
    const month3 = expectNewMail(world.mailbox, mailTo(email, '(month 3)'));
    const sale2 = 'SALE-2-' + order.id;
    const sale3 = 'SALE-3-' + order.id;
    await handled(await charge(order.id, 2, sale2));
    await handled(await charge(order.id, 3, sale3));
    await handled(
      await charge(order.id, 2, sale2),
      await charge(order.id, 3, sale3),
      await charge(order.id, 3, sale3),
      await charge(order.id, 2, sale2),
    );
    await settled();

    const invoices = await invoicesOf(order);
    expect(invoices.map(({ kind, amount }) => ({ kind, amount }))).toStrictEqual(
      Array.from({ length: 3 }, () => ({ kind: 'invoice', amount: '499.00' })),
    );
    // Consecutive numbers, one per charge, in the order they came.
    const serials = invoices.map(({ number }) => serial(number));
    expect(serials).toStrictEqual([serials[0], serials[0]! + 1, serials[0]! + 2]);
    const lines = await world.db.query<{ line: string; capture_id: string }>(
      `select line, capture_id from invoice where order_id = $1 order by number`,
      [order.id],
    );
    expect(lines.rows).toStrictEqual([
      { line: 'Premium — monthly plan, month 1', capture_id: 'SALE-1-' + order.id },
      { line: 'Premium — monthly plan, month 2', capture_id: sale2 },
      { line: 'Premium — monthly plan, month 3', capture_id: sale3 },
    ]);

    // The PDF of month 2's invoice names the month and the amount taken.
    const pdf = await order.customer.client.get(invoices[1]!.pdfUrl);
    assertStatus(pdf, 200, 'the PDF');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), {
      mergePages: true,
    });
    expect(text).toContain('Premium — monthly plan, month 2');
    expect(text).toContain(invoices[1]!.number);

    // One renewal receipt per month, naming it, with its own invoice and the next billing date.
    const second = await month2.next();
    expect(second.subject).toBe('Payment receipt: Premium package (month 2)');
    expect(second.text).toContain(invoices[1]!.number);
    expect(second.text).toContain(`/api/invoices/${invoices[1]!.id}.pdf`);
    expect(second.text).toContain('$499.00 USD');
    expect(second.text).toContain(formatOrderDate('2027-02-23T10:00:00.000Z'));
    const third = await month3.next();
    expect(third.text).toContain(invoices[2]!.number);
    expect(month2.arrived()).toHaveLength(1);
    expect(month3.arrived()).toHaveLength(1);

    // Total Spent and Total Sales count every charge, exactly.
    const summary = await order.customer.client.get('/api/orders/summary');
    expect(summary.body).toStrictEqual({ orderCount: 1, totalSpent: '1497.00' });
    expect((await totalSales()) - salesBefore).toBe(149700n);

    // The timeline: paid, then each later charge once.
    const entries = await timeline(order);
    expect(entries.filter(({ kind }) => kind === 'paid')).toHaveLength(1);
    expect(entries.filter(({ kind }) => kind === 'subscription_charged')).toStrictEqual([
      {
        kind: 'subscription_charged',
        actor: 'system',
        text: `Paid month 2: $499.00 through PayPal (invoice ${invoices[1]!.number})`,
      },
      {
        kind: 'subscription_charged',
        actor: 'system',
        text: `Paid month 3: $499.00 through PayPal (invoice ${invoices[2]!.number})`,
      },
    ]);
  });

  test('a failed charge e-mails the customer the link to fix it; PayPal’s suspension and the customer’s cancel are e-mailed to both sides and put on the timeline', async () => {
    const order = await subscribedOrder();
    const email = order.customer.email;

    const failed = expectNewMail(
      world.mailbox,
      mailTo(email, 'We could not take your monthly payment for Premium'),
    );
    await handled(
      await commit('SubscriptionPaymentFailed', {
        orderId: order.id,
        subscriptionId: randomUUID(),
        customerEmail: email,
        packageName: 'Premium',
        failedPayments: 1,
        fixUrl: FIX_URL,
      }),
    );
    const failure = await failed.next();
    expect(failure.text.split('\n')).toContain(FIX_URL);
    expect(failure.html).toContain(`href="${FIX_URL}"`);
    expect(failure.text.replace(/\s+/g, ' ')).toContain('PayPal will try again');

    const suspended = expectNewMail(world.mailbox, mailTo(email, 'Your Premium plan is suspended'));
    const suspendedAdmin = expectNewMail(
      world.mailbox,
      mailTo(adminEmail, 'Subscription suspended: Premium'),
    );
    await handled(
      await statusChange(order, {
        from: 'ACTIVE',
        to: 'SUSPENDED',
        by: 'paypal',
        reason: null,
        endsAt: null,
      }),
    );
    await suspended.next();
    expect((await suspendedAdmin.next()).text).toContain(`/admin/payment-status/${order.id}`);

    const endsAt = '2027-01-23T10:00:00.000Z';
    const cancelled = expectNewMail(world.mailbox, mailTo(email, 'Your Premium plan is cancelled'));
    const cancelledAdmin = expectNewMail(
      world.mailbox,
      mailTo(adminEmail, 'Subscription cancelled: Premium'),
    );
    await handled(
      await statusChange(order, {
        from: 'SUSPENDED',
        to: 'CANCELLED',
        by: 'customer',
        reason: null,
        endsAt,
      }),
    );
    const confirmation = (await cancelled.next()).text.replace(/\s+/g, ' ');
    expect(confirmation).toContain('As you asked, your monthly Premium plan is cancelled');
    expect(confirmation).toContain(`The service continues until ${formatOrderDate(endsAt)}.`);
    expect((await cancelledAdmin.next()).text).toContain(formatOrderDate(endsAt));

    // The agency's pause is e-mailed to the customer only (the admins know their own change).
    const paused = await subscribedOrder();
    const pausedMail = expectNewMail(
      world.mailbox,
      mailTo(paused.customer.email, 'Your Premium plan is paused'),
    );
    await handled(
      await statusChange(paused, {
        from: 'ACTIVE',
        to: 'SUSPENDED',
        by: 'admin',
        reason: 'Waiting for the new site',
        endsAt: null,
      }),
    );
    expect((await pausedMail.next()).text).toContain('Waiting for the new site');
    await settled();
    expect(
      world.mailbox.find(
        (mail) =>
          mailTo(adminEmail, 'Premium')(mail) &&
          mail.subject.startsWith('Subscription') &&
          mail.text.includes(`/admin/payment-status/${paused.id}`),
      ),
    ).toEqual([]);

    expect(
      (await timeline(order)).filter(({ kind }) => kind.startsWith('subscription_')),
    ).toStrictEqual([
      {
        kind: 'subscription_failed',
        actor: 'system',
        text: 'PayPal could not take the monthly payment (1 failed attempt); PayPal retries, the customer was e-mailed how to fix it',
      },
      {
        kind: 'subscription_changed',
        actor: 'system',
        text: 'Monthly plan suspended by PayPal after failed payments',
      },
      {
        kind: 'subscription_changed',
        actor: 'customer',
        text: `Monthly plan cancelled: the service continues until ${formatOrderDate(endsAt)}`,
      },
    ]);
  });

  test('a charge for an order that is not payable (cancelled) is invoiced, not applied, and the admins are told', async () => {
    const order = await monthlyOrder({ cancelled: true });
    const told = expectNewMail(
      world.mailbox,
      mailTo(adminEmail, 'Monthly charge needs attention: Premium'),
    );
    const sale = 'SALE-late-' + order.id;
    await handled(await charge(order.id, 1, sale));
    await handled(await charge(order.id, 1, sale));
    const view = await admin.get(`/api/admin/orders/${order.id}`);
    expect(view.body).toMatchObject({ paymentStatus: 'Cancelled' });
    expect(await invoicesOf(order)).toHaveLength(1);
    const notice = await told.next();
    expect(notice.text).toContain(sale);
    expect(notice.text).toContain('Cancelled');
    await settled();
    expect(told.arrived()).toHaveLength(1);
  });

  test('an UnPaid monthly order whose subscription is live at PayPal is not cancelled: its subscription is', async () => {
    const order = await monthlyOrder();
    await world.db.query(
      `insert into subscription (id, order_id, paypal_subscription_id, paypal_plan_id, package_id,
         package_name, customer_email, price, currency, status, created_at, updated_at)
       values ($1, $2, $3, 'P-TEST', $4, 'Premium', $5, 499.00, 'USD', 'ACTIVE', now(), now())`,
      [randomUUID(), order.id, `I-${randomUUID()}`, order.placed.packageId, order.customer.email],
    );
    const refused = await order.customer.client.post(`/api/orders/${order.id}/cancel`);
    expect(assertErrorBody(refused, 409).message).toBe(ORDER_TEXTS.subscriptionActive);
    const mine = await order.customer.client.get(`/api/orders/${order.id}`);
    expect((mine.body as Json).paymentStatus).toBe('UnPaid');
  });

  test('the admins’ list and export filter one-off and monthly orders; another billing is a 400 naming the field', async () => {
    const tag = `billing${randomUUID().slice(0, 8)}`;
    const customer = await world.customer();
    const monthly = await monthlyOrder({ by: customer, customerName: `Monthly ${tag}` });
    const oneOff = await monthlyOrder({ by: customer, customerName: `Once ${tag}` });
    // The demo content's packages are all monthly: this one was bought before it was.
    await world.db.query(`update "order" set billing = 'one-off' where id = $1`, [oneOff.id]);

    const ids = async (query: string) => {
      const page = await admin.get(`/api/admin/orders?q=${tag}${query}`);
      assertStatus(page, 200, `the list ${query}`);
      return ((page.body as Json).items as Json[]).map((item) => [item._id, item.billing]);
    };
    expect(await ids('&billing=monthly')).toStrictEqual([[monthly.id, 'monthly']]);
    expect(await ids('&billing=one-off')).toStrictEqual([[oneOff.id, 'one-off']]);
    expect((await ids('')).map(([id]) => id).sort()).toStrictEqual([monthly.id, oneOff.id].sort());

    const csv = await admin.get(`/api/admin/orders/export.csv?q=${tag}&billing=one-off`);
    assertStatus(csv, 200, 'the export');
    const rows = csv.text.trim().split('\r\n').slice(1);
    expect(rows.map((row) => row.split(',')[0])).toStrictEqual([oneOff.id]);

    for (const path of ['/api/admin/orders', '/api/admin/orders/export.csv']) {
      const body = assertErrorBody(await admin.get(`${path}?billing=yearly`), 400, path);
      expect(fieldsOf(body).billing).toContain('billing must be one of one-off, monthly');
    }
  });
});
