/**
 * Monthly retainers through PayPal Subscriptions, against the built server, real PostgreSQL, Redis and
 * SMTP, and the built-in PayPal simulator over real HTTP: subscribe (create, approve, activate: the
 * server asks PayPal), monthly charges applied once per sale id however often PayPal reports them,
 * forged webhooks changing nothing, failed charges suspending the subscription, the customer's cancel
 * at the end of the paid month, the admins' pause/resume/cancel (audited) and figures, and
 * reconciliation making up for a lost activation webhook. With the orders module: the first charge
 * pays the order, and each charge has its own invoice.
 * The simulator's webhook events go to a recorder here (PAYPAL_SIMULATOR_WEBHOOK_URL), so the test
 * decides which reach the shop, how often, and which are lost.
 *
 *   npm run build:server && npm run test:integration -- test/integration/subscriptions.test.ts
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { formatOrderDate } from '../../src/contracts/orders.js';
import { type HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, type Json, mailTo, uid } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { pollUntil } from '../support/net.js';
import { placeOrder, premiumPackageId } from '../support/shop.js';
import {
  type RecordedWebhook,
  startWebhookRecorder,
  type WebhookRecorder,
  deliverForgedWebhook,
  redeliverWebhook,
} from '../support/webhook-recorder.js';
import { useWorld } from '../support/world.js';

const SIM = '/paypal-simulator';

let recorder: WebhookRecorder;

const world = useWorld(async () => {
  recorder = await startWebhookRecorder();
  return {
    name: 'subscriptions',
    env: {
      PAYPAL_SIMULATOR_WEBHOOK_URL: recorder.url,
      // Reconciliation reads subscriptions awaiting approval for 3 s (and the others), every second.
      PAYPAL_RECONCILE_AFTER_MS: '3000',
      PAYPAL_RECONCILE_EVERY_MS: '1000',
    },
  };
});

interface SubscriptionBody {
  _id: string;
  orderId: string;
  paypalSubscriptionId: string;
  status: string;
  price: string;
  nextBillingAt: string | null;
  endsAt: string | null;
  statusChangedBy: string | null;
  failedPayments: number;
  fixPaymentUrl: string | null;
  totalPaid: string;
  payments: { saleId: string; amount: string; sequence: number; invoiceNumber: string | null }[];
}

describe('PayPal Subscriptions through the simulator', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let premiumId: string;

  async function subscribe(client: HttpClient, orderId: string): Promise<string> {
    const created = await client.post(`/api/orders/${orderId}/paypal-subscription`);
    assertStatus(created, 200, 'create the PayPal subscription');
    return String((created.body as Json).subscriptionId);
  }

  /** The buyer's choice on the simulator's approval page. */
  async function approve(subscriptionId: string): Promise<void> {
    const response = await fetch(`${api.baseUrl}${SIM}/webapps/billing/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ba_token: subscriptionId, action: 'approve' }).toString(),
    });
    expect(response.status).toBe(200);
  }

  /** The simulator's controls: PayPal charges now, or a charge fails. */
  async function simulate(subscriptionId: string, action: 'charge' | 'fail'): Promise<Json> {
    const response = await fetch(
      `${api.baseUrl}${SIM}/billing/subscriptions/${subscriptionId}/simulate`,
      {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ action }).toString(),
      },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  }

  const activate = (client: HttpClient, orderId: string, subscriptionId: string) =>
    client.post(`/api/orders/${orderId}/paypal-subscription/activate`, { subscriptionId });

  const deliver = (recorded: RecordedWebhook, body = recorded.body) =>
    redeliverWebhook(api.baseUrl, recorded, body);
  const deliverForged = (body: string) => deliverForgedWebhook(api.baseUrl, body);

  /** Every recorded event of `type` about the subscription (its resource, or the sale naming it). */
  const eventsOf = (type: string, subscriptionId: string) =>
    recorder.events.filter(
      (recorded) =>
        recorded.event.event_type === type &&
        (recorded.event.resource.id === subscriptionId ||
          recorded.event.resource.billing_agreement_id === subscriptionId),
    );

  const waitForEvents = (type: string, subscriptionId: string, count: number) =>
    pollUntil(
      () => {
        const found = eventsOf(type, subscriptionId);
        return found.length >= count ? found : undefined;
      },
      { timeoutMs: 15_000, what: `${count} ${type} events` },
    );

  const settledWebhook = (eventId: string) =>
    pollUntil(
      async () => {
        const [row] = (
          await world.db.query<{ result: string; detail: string | null }>(
            `select result, detail from payment_notification where event_id = $1`,
            [eventId],
          )
        ).rows;
        return row && !['pending', 'failed'].includes(row.result) ? row : undefined;
      },
      { timeoutMs: 30_000, what: `webhook ${eventId} to be verified` },
    );

  async function mySubscription(client: HttpClient, orderId: string): Promise<SubscriptionBody> {
    const listed = await client.get('/api/subscriptions');
    assertStatus(listed, 200, 'my subscriptions');
    const found = (listed.body as SubscriptionBody[]).find((s) => s.orderId === orderId);
    if (!found) throw new Error(`no subscription of order ${orderId}`);
    return found;
  }

  const subscriptionWhen = (
    client: HttpClient,
    orderId: string,
    what: string,
    ready: (subscription: SubscriptionBody) => boolean,
  ) =>
    pollUntil(
      async () => {
        const subscription = await mySubscription(client, orderId);
        return ready(subscription) ? subscription : undefined;
      },
      { timeoutMs: 30_000, what },
    );

  const outboxCount = async (type: string, key: string, value: string) =>
    Number(
      (
        await world.db.query<{ n: string }>(
          `select count(*) as n from outbox_event where type = $1 and payload->>$2 = $3`,
          [type, key, value],
        )
      ).rows[0]?.n,
    );

  /** A customer's order of monthly Premium, subscribed, approved and activated. */
  async function activeSubscription() {
    const customer = await world.customer();
    const orderId = await placeOrder(customer.client, premiumId);
    const subscriptionId = await subscribe(customer.client, orderId);
    await approve(subscriptionId);
    const activated = await activate(customer.client, orderId, subscriptionId);
    assertStatus(activated, 200, 'activate');
    expect(activated.body).toMatchObject({ outcome: 'active' });
    return { customer, orderId, subscriptionId };
  }

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
    // The demo content bills Premium monthly.
    premiumId = await premiumPackageId(api);
  }, 120_000);

  afterAll(() => recorder?.close());

  test('a monthly order subscribes: the server makes the plan and subscription, confirms the approval at PayPal, and records the first charge once', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const checkout = (await a.client.get(`/api/orders/${orderId}/checkout`)).body as Json;
    expect(checkout).toStrictEqual({
      ready: true,
      integration: 'subscription',
      mode: 'simulator',
      clientId: 'simulator-client-id',
      sdkUrl: '/paypal-simulator/sdk/js',
      packageName: 'Premium',
      amount: '499.00',
    });
    // A monthly order is not paid once through Checkout.
    const oneOff = assertErrorBody(await a.client.post(`/api/orders/${orderId}/paypal-order`), 409);
    expect(oneOff.message).toBe('This order is a monthly plan: subscribe to pay it.');

    const first = await subscribe(a.client, orderId);
    // A new attempt before approval replaces the PayPal subscription of the order.
    const subscriptionId = await subscribe(a.client, orderId);
    expect(subscriptionId).toMatch(/^I-/);
    expect(subscriptionId).not.toBe(first);
    // Not approved yet: PayPal says so, and the browser cannot make it so.
    const early = await activate(a.client, orderId, subscriptionId);
    assertStatus(early, 200, 'activate before approval');
    expect(early.body).toMatchObject({ outcome: 'not-approved' });
    // The replaced one is not this order's any more.
    assertErrorBody(await activate(a.client, orderId, first), 409);

    await approve(subscriptionId);
    const activated = await activate(a.client, orderId, subscriptionId);
    assertStatus(activated, 200, 'activate');
    expect(activated.body).toStrictEqual({
      outcome: 'active',
      message: 'Subscription active. Thank you!',
    });
    const active = await mySubscription(a.client, orderId);
    expect(active).toMatchObject({
      paypalSubscriptionId: subscriptionId,
      packageName: 'Premium',
      price: '499.00',
      currentPrice: null,
      status: 'ACTIVE',
      failedPayments: 0,
      fixPaymentUrl: null,
      totalPaid: '499.00',
    });
    expect(active.nextBillingAt).not.toBeNull();
    expect(active.payments).toHaveLength(1);
    expect(active.payments[0]).toMatchObject({ amount: '499.00', sequence: 1 });
    // The first charge pays the order.
    await pollUntil(
      async () =>
        ((await a.client.get(`/api/orders/${orderId}`)).body as Json).paymentStatus === 'Paid'
          ? true
          : undefined,
      { timeoutMs: 30_000, what: 'the order to be Paid' },
    );

    // The activation and sale webhooks arrive after: they find both applied.
    const [activatedEvent] = await waitForEvents(
      'BILLING.SUBSCRIPTION.ACTIVATED',
      subscriptionId,
      1,
    );
    const [sale] = await waitForEvents('PAYMENT.SALE.COMPLETED', subscriptionId, 1);
    expect((await deliver(activatedEvent!)).status).toBe(200);
    expect((await deliver(sale!)).status).toBe(200);
    expect(await settledWebhook(activatedEvent!.event.id)).toMatchObject({
      result: 'duplicate',
    });
    expect(await settledWebhook(sale!.event.id)).toMatchObject({ result: 'duplicate' });
    expect((await mySubscription(a.client, orderId)).payments).toHaveLength(1);
    expect(await outboxCount('SubscriptionCharged', 'orderId', orderId)).toBe(1);
    expect(await outboxCount('SubscriptionStatusChanged', 'orderId', orderId)).toBe(1);
  }, 90_000);

  test('three monthly charges are three payments; the same sale webhook 20 times at once is one', async () => {
    const { customer, orderId, subscriptionId } = await activeSubscription();
    await simulate(subscriptionId, 'charge');
    await simulate(subscriptionId, 'charge');
    const sales = await waitForEvents('PAYMENT.SALE.COMPLETED', subscriptionId, 3);
    for (const sale of sales.slice(1)) expect((await deliver(sale)).status).toBe(200);
    const charged = await subscriptionWhen(customer.client, orderId, 'three payments', (s) => {
      return s.payments.length === 3;
    });
    expect(charged.payments.map((payment) => payment.sequence)).toStrictEqual([3, 2, 1]);
    expect(charged.totalPaid).toBe('1497.00');
    // Each charge gets its own invoice (the orders module issues it from SubscriptionCharged).
    const invoiced = await subscriptionWhen(customer.client, orderId, 'three invoices', (s) =>
      s.payments.every((payment) => payment.invoiceNumber !== null),
    );
    expect(new Set(invoiced.payments.map((payment) => payment.invoiceNumber)).size).toBe(3);
    // Each charge has its receipt, naming its invoice: the first as a one-off payment's, then month 2, 3.
    const email = customer.email;
    const receipts = [
      await world.mailbox.waitFor(mailTo(email, 'Payment receipt: Premium package'), 30_000),
      await world.mailbox.waitFor(mailTo(email, 'Payment receipt: Premium package (month 2)')),
      await world.mailbox.waitFor(mailTo(email, 'Payment receipt: Premium package (month 3)')),
    ];
    const numbers = [...invoiced.payments].reverse().map((payment) => payment.invoiceNumber!);
    receipts.forEach((receipt, month) => expect(receipt.text).toContain(numbers[month]));

    // PayPal resends the last sale: 20 deliveries at once, each verified, one payment.
    const last = sales[2]!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(last)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await settledWebhook(last.event.id);
    await pollUntil(
      async () => {
        const rows = (
          await world.db.query<{ result: string }>(
            `select result from payment_notification where event_id = $1`,
            [last.event.id],
          )
        ).rows;
        return rows.every((row) => !['pending', 'failed'].includes(row.result)) ? rows : undefined;
      },
      { timeoutMs: 30_000, what: 'every delivery to be verified' },
    );
    expect((await mySubscription(customer.client, orderId)).payments).toHaveLength(3);
    expect(await outboxCount('SubscriptionCharged', 'saleId', String(last.event.resource.id))).toBe(
      1,
    );
    expect(
      world.mailbox.find(mailTo(email, 'Payment receipt: Premium package (month 3)')),
    ).toHaveLength(1);
    expect(await outboxCount('SubscriptionCharged', 'orderId', orderId)).toBe(3);
  }, 90_000);

  test('a forged sale webhook changes nothing and is kept as invalid', async () => {
    const { customer, orderId, subscriptionId } = await activeSubscription();
    const eventId = `WH-FORGED-${uid()}`;
    const saleId = `FORGED${uid()}`.toUpperCase();
    const forged = JSON.stringify({
      id: eventId,
      event_type: 'PAYMENT.SALE.COMPLETED',
      resource_type: 'sale',
      resource: {
        id: saleId,
        state: 'completed',
        amount: { total: '499.00', currency: 'USD' },
        billing_agreement_id: subscriptionId,
        custom: orderId,
        create_time: new Date().toISOString(),
      },
    });
    expect((await deliverForged(forged)).status).toBe(200);
    expect(await settledWebhook(eventId)).toMatchObject({ result: 'invalid' });
    expect((await mySubscription(customer.client, orderId)).payments).toHaveLength(1);
    expect(await outboxCount('SubscriptionCharged', 'saleId', saleId)).toBe(0);
  }, 90_000);

  test('failed charges: the customer is told where to fix it; after PayPal’s third failure the subscription is suspended', async () => {
    const { customer, orderId, subscriptionId } = await activeSubscription();
    await simulate(subscriptionId, 'fail');
    const [failed] = await waitForEvents('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscriptionId, 1);
    expect((await deliver(failed!)).status).toBe(200);
    const failing = await subscriptionWhen(customer.client, orderId, 'a failed payment', (s) => {
      return s.failedPayments === 1;
    });
    expect(failing.status).toBe('ACTIVE');
    expect(failing.fixPaymentUrl).toBe(
      `${api.publicUrl.replace(/\/$/, '')}${SIM}/myaccount/autopay/connect/${subscriptionId}`,
    );
    expect(await outboxCount('SubscriptionPaymentFailed', 'orderId', orderId)).toBe(1);
    const failedMail = await world.mailbox.waitFor(
      mailTo(customer.email, 'We could not take your monthly payment for Premium'),
      30_000,
    );
    expect(failedMail.text).toContain(failing.fixPaymentUrl);

    await simulate(subscriptionId, 'fail');
    await simulate(subscriptionId, 'fail');
    const failures = await waitForEvents('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscriptionId, 3);
    const [suspended] = await waitForEvents('BILLING.SUBSCRIPTION.SUSPENDED', subscriptionId, 1);
    for (const event of [...failures.slice(1), suspended!]) {
      expect((await deliver(event)).status).toBe(200);
    }
    const paused = await subscriptionWhen(customer.client, orderId, 'suspended', (s) => {
      return s.status === 'SUSPENDED' && s.failedPayments === 3;
    });
    expect(paused).toMatchObject({ statusChangedBy: 'paypal', nextBillingAt: null });
    await world.mailbox.waitFor(mailTo(customer.email, 'Your Premium plan is suspended'), 30_000);
    // Each failure is told once (reconciliation may have read two of them at once).
    const told = await outboxCount('SubscriptionPaymentFailed', 'orderId', orderId);
    expect(told).toBeGreaterThanOrEqual(2);
    expect(told).toBeLessThanOrEqual(3);

    const stats = await admin.get('/api/admin/subscriptions/stats');
    assertStatus(stats, 200, 'stats');
    expect((stats.body as { failing: Json[] }).failing).toContainEqual(
      expect.objectContaining({ orderId, failedPayments: 3, status: 'SUSPENDED' }),
    );
  }, 90_000);

  test('the customer cancels: cancelled at PayPal, the service runs to the end of the paid month', async () => {
    const { customer, orderId, subscriptionId } = await activeSubscription();
    const before = await mySubscription(customer.client, orderId);
    const other = await world.customer();
    assertErrorBody(await other.client.post(`/api/subscriptions/${before._id}/cancel`), 404);

    const cancelled = await customer.client.post(`/api/subscriptions/${before._id}/cancel`);
    assertStatus(cancelled, 200, 'cancel');
    expect(cancelled.body).toMatchObject({
      status: 'CANCELLED',
      statusChangedBy: 'customer',
      endsAt: before.nextBillingAt,
      nextBillingAt: null,
    });
    assertErrorBody(await customer.client.post(`/api/subscriptions/${before._id}/cancel`), 409);
    // PayPal's own CANCELLED webhook finds it cancelled already.
    const [event] = await waitForEvents('BILLING.SUBSCRIPTION.CANCELLED', subscriptionId, 1);
    expect((await deliver(event!)).status).toBe(200);
    await settledWebhook(event!.event.id);
    expect(await mySubscription(customer.client, orderId)).toMatchObject({
      status: 'CANCELLED',
      statusChangedBy: 'customer',
      endsAt: before.nextBillingAt,
    });
    expect(await outboxCount('SubscriptionStatusChanged', 'orderId', orderId)).toBe(2);
    const told = await world.mailbox.waitFor(
      mailTo(customer.email, 'Your Premium plan is cancelled'),
      30_000,
    );
    expect(told.text).toContain(formatOrderDate(before.nextBillingAt!));
  }, 90_000);

  test('reconciliation makes up for a lost activation webhook: the subscription is active and its charge recorded', async () => {
    const customer = await world.customer();
    const orderId = await placeOrder(customer.client, premiumId);
    const subscriptionId = await subscribe(customer.client, orderId);
    // The buyer approves and closes the tab; PayPal's webhooks never reach the shop.
    await approve(subscriptionId);
    const repaired = await subscriptionWhen(customer.client, orderId, 'reconciled', (s) => {
      return s.status === 'ACTIVE' && s.payments.length === 1;
    });
    expect(repaired).toMatchObject({ statusChangedBy: 'paypal', totalPaid: '499.00' });
    expect(await outboxCount('SubscriptionCharged', 'orderId', orderId)).toBe(1);
  }, 90_000);

  test('the admins pause, resume and cancel an order’s subscription (audited) and see the figures', async () => {
    const { customer, orderId } = await activeSubscription();
    const base = `/api/admin/orders/${orderId}/subscription`;
    // Customers reach none of the admin routes.
    assertErrorBody(await customer.client.get(base), 403);
    assertErrorBody(await customer.client.post(`${base}/suspend`, { reason: 'x' }), 403);
    assertErrorBody(await customer.client.get('/api/admin/subscriptions/stats'), 403);

    const read = await admin.get(base);
    assertStatus(read, 200, 'the admin read');
    expect(read.body).toMatchObject({ orderId, status: 'ACTIVE' });
    const missing = assertErrorBody(await admin.post(`${base}/suspend`, {}), 400);
    expect(JSON.stringify(missing)).toContain('reason');

    const paused = await admin.post(`${base}/suspend`, { reason: 'Client asked for a break' });
    assertStatus(paused, 200, 'pause');
    expect(paused.body).toMatchObject({ status: 'SUSPENDED', statusChangedBy: 'admin' });
    assertErrorBody(await admin.post(`${base}/suspend`, { reason: 'again' }), 409);
    const resumed = await admin.post(`${base}/activate`, { reason: 'Back on' });
    assertStatus(resumed, 200, 'resume');
    expect(resumed.body).toMatchObject({ status: 'ACTIVE', statusChangedBy: 'admin' });
    const migrate = assertErrorBody(await admin.post(`${base}/migrate`), 409);
    expect(migrate.message).toBe('This subscription already has the package’s current price.');
    const cancelled = await admin.post(`${base}/cancel`, { reason: 'Contract ended' });
    assertStatus(cancelled, 200, 'cancel');
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', statusChangedBy: 'admin' });

    const audit = await world.db.query<{ kind: string }>(
      `select kind from audit_entry where target_id = $1 order by at`,
      [orderId],
    );
    expect(audit.rows.map((row) => row.kind)).toStrictEqual([
      'subscription.suspended',
      'subscription.resumed',
      'subscription.cancelled',
    ]);

    const stats = await admin.get('/api/admin/subscriptions/stats');
    assertStatus(stats, 200, 'stats');
    const body = stats.body as Json;
    expect(body).toMatchObject({ mrr: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(Number(body.cancelled)).toBeGreaterThanOrEqual(1);
    expect((body.mrrByMonth as Json[]).length).toBeGreaterThanOrEqual(3);
    assertErrorBody(await admin.get('/api/admin/subscriptions/stats?from=yesterday'), 400);
    assertErrorBody(
      await admin.get('/api/admin/subscriptions/stats?from=2026-02-01&to=2026-01-01'),
      400,
    );
  }, 90_000);

  test('authorisation and validation: another customer’s order is not found; bad input is a 4xx', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const b = await world.customer();
    assertErrorBody(await b.client.post(`/api/orders/${orderId}/paypal-subscription`), 404);
    assertErrorBody(
      await b.client.post(`/api/orders/${orderId}/paypal-subscription/activate`, {
        subscriptionId: 'I-ANYTHING',
      }),
      404,
    );
    expect((await b.client.get('/api/subscriptions')).body).toStrictEqual([]);
    assertErrorBody(await a.client.post(`/api/orders/not-an-id/paypal-subscription`), 404);
    assertErrorBody(
      await a.client.post(`/api/orders/${orderId}/paypal-subscription/activate`, {}),
      400,
    );
    assertErrorBody(
      await a.client.post(`/api/orders/${orderId}/paypal-subscription/activate`, {
        subscriptionId: 'I-X',
        extra: true,
      }),
      400,
    );
    assertErrorBody(await a.client.post('/api/subscriptions/not-an-id/cancel'), 404);
    const anonymous = api.client();
    assertErrorBody(await anonymous.get('/api/subscriptions'), 401);
    assertErrorBody(await anonymous.post(`/api/orders/${orderId}/paypal-subscription`), 401);
    assertErrorBody(await admin.get(`/api/admin/orders/${orderId}/subscription`), 404);
  }, 90_000);
});
