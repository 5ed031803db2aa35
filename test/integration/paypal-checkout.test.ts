/**
 * PayPal Checkout (Orders v2) against the built server, real PostgreSQL, Redis and SMTP, and the built-in
 * PayPal simulator over real HTTP: create, approve, capture; webhooks verified in the worker (forged ones
 * change nothing, repeated ones apply once); reconciliation of what a lost webhook left open; payments
 * for another amount or payee flagged, never Paid; refunds.
 * The simulator's webhook events go to a recorder here (PAYPAL_SIMULATOR_WEBHOOK_URL), so the test decides
 * which reach the shop, how often, and which are lost.
 *
 *   npm run build:server && npm run test:integration -- test/integration/paypal-checkout.test.ts
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, type Json, mailTo, uid } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { pollUntil } from '../support/net.js';
import { simulatorPost } from '../support/paypal-simulator.js';
import { expectOneWinner, flaggedOrder, placeOrder } from '../support/shop.js';
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
    name: 'paypal-checkout',
    simulateClientIps: true,
    env: {
      PAYPAL_SIMULATOR_WEBHOOK_URL: recorder.url,
      // Reconciliation looks at PayPal orders left open for 3 s, every second.
      PAYPAL_RECONCILE_AFTER_MS: '3000',
      PAYPAL_RECONCILE_EVERY_MS: '1000',
    },
  };
});
const suite = world;
const { adminEmail } = world;

describe('PayPal Checkout through the simulator', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let premiumId: string;

  async function createPaypalOrder(client: HttpClient, orderId: string): Promise<string> {
    const created = await client.post(`/api/orders/${orderId}/paypal-order`);
    assertStatus(created, 200, 'create the PayPal order');
    return String((created.body as Json).paypalOrderId);
  }

  /** The buyer's choice on the simulator's approval page. */
  async function approve(
    paypalOrderId: string,
    options: Record<string, string> = {},
  ): Promise<void> {
    const response = await fetch(`${api.baseUrl}${SIM}/checkoutnow`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: paypalOrderId, action: 'pay', ...options }).toString(),
    });
    expect(response.status).toBe(200);
  }

  /** PayPal's side of a capture, as PayPal would do it on its own (the shop not told). */
  async function captureAtPaypal(paypalOrderId: string): Promise<number> {
    const response = await simulatorPost(
      api.baseUrl,
      `/v2/checkout/orders/${paypalOrderId}/capture`,
      {},
    );
    return response.status;
  }

  const deliver = (recorded: RecordedWebhook, body = recorded.body) =>
    redeliverWebhook(api.baseUrl, recorded, body);
  const deliverForged = (body: string) => deliverForgedWebhook(api.baseUrl, body);

  const recordedEvent = (type: string, resourceMatches: (resource: Json) => boolean) =>
    recorder.waitFor(type, resourceMatches);

  const paymentStatus = async (client: HttpClient, orderId: string) =>
    ((await client.get(`/api/orders/${orderId}`)).body as Json).paymentStatus;

  const webhookRows = async (eventId: string) =>
    (
      await suite.db.query<{ result: string; detail: string | null }>(
        `select result, detail from payment_notification where event_id = $1`,
        [eventId],
      )
    ).rows;

  const settledWebhook = (eventId: string) =>
    pollUntil(
      async () => {
        const [row] = await webhookRows(eventId);
        return row && !['pending', 'failed'].includes(row.result) ? row : undefined;
      },
      { timeoutMs: 30_000, what: `webhook ${eventId} to be verified` },
    );

  const orderPaidEvents = async (orderId: string) =>
    Number(
      (
        await suite.db.query<{ n: string }>(
          `select count(*) as n from outbox_event where type = 'OrderPaid' and payload->>'orderId' = $1`,
          [orderId],
        )
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
    premiumId = await world.premiumPackageId();
  }, 120_000);

  afterAll(() => recorder?.close());

  test('the pay page offers PayPal Checkout: the server creates the PayPal order, the buyer approves, the capture makes it Paid', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const checkout = (await a.client.get(`/api/orders/${orderId}/checkout`)).body as Json;
    expect(checkout).toStrictEqual({
      ready: true,
      integration: 'checkout',
      mode: 'simulator',
      clientId: 'simulator-client-id',
      sdkUrl: '/paypal-simulator/sdk/js',
      packageName: 'Premium',
      amount: '499.00',
    });

    const paypalOrderId = await createPaypalOrder(a.client, orderId);
    // A retried create gives the same PayPal order (PayPal-Request-Id from our order).
    expect(await createPaypalOrder(a.client, orderId)).toBe(paypalOrderId);
    // Not approved yet: nothing to capture.
    const early = await a.client.post(`/api/orders/${orderId}/paypal-order/capture`);
    assertErrorBody(early, 409);

    // Another customer can neither start nor capture A's payment.
    const b = await world.customer();
    assertErrorBody(await b.client.post(`/api/orders/${orderId}/paypal-order`), 404);
    assertErrorBody(await b.client.post(`/api/orders/${orderId}/paypal-order/capture`), 404);

    await approve(paypalOrderId);
    const captured = await a.client.post(`/api/orders/${orderId}/paypal-order/capture`);
    assertStatus(captured, 200, 'capture');
    expect(captured.body).toMatchObject({ outcome: 'paid' });
    await pollUntil(
      async () => ((await paymentStatus(a.client, orderId)) === 'Paid' ? true : undefined),
      {
        timeoutMs: 30_000,
        what: 'the order to be Paid',
      },
    );
    await suite.mailbox.waitFor(mailTo(a.email, 'Payment receipt: Premium package'), 30_000);

    const paypal = await admin.get(`/api/admin/orders/${orderId}/paypal`);
    assertStatus(paypal, 200, 'the admin view');
    expect(paypal.body).toMatchObject({
      integration: 'checkout',
      paypalOrderId,
      status: 'COMPLETED',
      refundable: true,
    });
    assertErrorBody(await a.client.get(`/api/admin/orders/${orderId}/paypal`), 403);
  });

  test('a declined instrument lets the buyer choose another: the same PayPal order is approved again and paid', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const paypalOrderId = await createPaypalOrder(a.client, orderId);
    await approve(paypalOrderId, { action: 'decline' });
    const declined = await a.client.post(`/api/orders/${orderId}/paypal-order/capture`);
    assertStatus(declined, 200, 'capture with a declined card');
    expect(declined.body).toMatchObject({ outcome: 'declined' });
    expect(await paymentStatus(a.client, orderId)).toBe('UnPaid');
    // The buttons restart with the same PayPal order; the second instrument goes through.
    expect(await createPaypalOrder(a.client, orderId)).toBe(paypalOrderId);
    await approve(paypalOrderId);
    const paid = await a.client.post(`/api/orders/${orderId}/paypal-order/capture`);
    expect(paid.body).toMatchObject({ outcome: 'paid' });
  });

  test('a forged webhook (bad signature) changes nothing and is kept as invalid for the admins', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const paypalOrderId = await createPaypalOrder(a.client, orderId);
    const eventId = `WH-FORGED-${uid()}`;
    const forged = JSON.stringify({
      id: eventId,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: `CAPTURE${uid()}`.slice(0, 17).toUpperCase(),
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '499.00' },
        custom_id: orderId,
        supplementary_data: { related_ids: { order_id: paypalOrderId } },
      },
    });
    const response = await deliverForged(forged);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(await settledWebhook(eventId)).toMatchObject({ result: 'invalid' });
    expect(await paymentStatus(a.client, orderId)).toBe('UnPaid');
    expect(await orderPaidEvents(orderId)).toBe(0);

    const listed = await admin.get(`/api/admin/orders/${orderId}/notifications`);
    expect(listed.body).toEqual([
      expect.objectContaining({
        channel: 'webhook',
        eventType: 'PAYMENT.CAPTURE.COMPLETED',
        result: 'invalid',
      }),
    ]);
  });

  test('the same COMPLETED event 20 times at once, with the capture answer, makes one Paid transition and one receipt', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const paypalOrderId = await createPaypalOrder(a.client, orderId);
    await approve(paypalOrderId);
    // PayPal captures (here directly, or reconciliation got there first: 422 ORDER_ALREADY_CAPTURED).
    expect([201, 422]).toContain(await captureAtPaypal(paypalOrderId));
    const completed = await recordedEvent(
      'PAYMENT.CAPTURE.COMPLETED',
      (resource) =>
        (resource.supplementary_data as Json | undefined)?.related_ids !== undefined &&
        (resource.supplementary_data as { related_ids: { order_id?: string } }).related_ids
          .order_id === paypalOrderId,
    );

    const answers = await Promise.all([
      a.client.post(`/api/orders/${orderId}/paypal-order/capture`),
      ...Array.from({ length: 20 }, () => deliver(completed)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(21).fill(200));
    expect((answers[0] as { body: Json }).body).toMatchObject({ outcome: 'paid' });

    await settledWebhook(completed.event.id);
    expect(await webhookRows(completed.event.id)).toHaveLength(1);
    await pollUntil(
      async () => ((await paymentStatus(a.client, orderId)) === 'Paid' ? true : undefined),
      {
        timeoutMs: 30_000,
        what: 'the order to be Paid',
      },
    );
    await suite.mailbox.waitFor(mailTo(a.email, 'Payment receipt: Premium package'), 30_000);
    const captures = await suite.db.query('select * from payment_capture where order_id = $1', [
      orderId,
    ]);
    expect(captures.rowCount).toBe(1);
    expect(await orderPaidEvents(orderId)).toBe(1);
    expect(suite.mailbox.find(mailTo(a.email, 'Payment receipt: Premium package'))).toHaveLength(1);
  });

  test('a capture for another amount is flagged for review, never Paid; so is one paid to another payee', async () => {
    const a = await world.customer();
    const wrongAmount = await placeOrder(a.client, premiumId);
    await approve(await createPaypalOrder(a.client, wrongAmount), { amount: '1.00' });
    const flagged = await a.client.post(`/api/orders/${wrongAmount}/paypal-order/capture`);
    assertStatus(flagged, 200, 'capture for another amount');
    expect(flagged.body).toMatchObject({ outcome: 'review' });
    const review = await admin.get(`/api/admin/orders/${wrongAmount}/paypal`);
    expect(review.body).toMatchObject({ status: 'REVIEW', refundable: false });
    expect(String((review.body as Json).detail)).toContain('amount 1.00');
    await pollUntil(
      async () =>
        ((await admin.get(`/api/admin/orders/${wrongAmount}`)).body as Json).reviewReason ??
        undefined,
      { timeoutMs: 30_000, what: 'the order to be flagged' },
    );
    expect(await paymentStatus(a.client, wrongAmount)).toBe('UnPaid');

    // The receiving e-mail changes after the PayPal order was made for the old one.
    const otherPayee = await placeOrder(a.client, premiumId);
    const paypalOrderId = await createPaypalOrder(a.client, otherPayee);
    const accounts = (await admin.get('/api/admin/payment-accounts')).body as Json[];
    const account = accounts[0]!;
    const changed = await admin.put(`/api/admin/payment-accounts/${String(account._id)}`, {
      paypalEmail: 'new-receiver@seo-agency.test',
    });
    assertStatus(changed, 200, 'change the receiving e-mail');
    try {
      await approve(paypalOrderId);
      const captured = await a.client.post(`/api/orders/${otherPayee}/paypal-order/capture`);
      expect(captured.body).toMatchObject({ outcome: 'review' });
      expect(await paymentStatus(a.client, otherPayee)).toBe('UnPaid');
      expect(await orderPaidEvents(otherPayee)).toBe(0);
    } finally {
      await admin.put(`/api/admin/payment-accounts/${String(account._id)}`, {
        paypalEmail: String(account.paypalEmail),
      });
    }
  });

  test('an approved payment whose webhook was lost and whose tab was closed is captured by reconciliation', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    // The buyer approves and closes the tab: no capture call, and the APPROVED event never arrives.
    await approve(await createPaypalOrder(a.client, orderId));
    await pollUntil(
      async () => ((await paymentStatus(a.client, orderId)) === 'Paid' ? true : undefined),
      {
        timeoutMs: 60_000,
        what: 'reconciliation to capture the order',
      },
    );
    const row = await suite.db.query<{ source: string }>(
      'select source from payment_capture where order_id = $1',
      [orderId],
    );
    expect(row.rows).toEqual([{ source: 'reconciliation' }]);
  });

  test('reconciliation does not capture the approved PayPal order of an order cancelled meanwhile', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    await approve(await createPaypalOrder(a.client, orderId));
    assertStatus(await a.client.post(`/api/orders/${orderId}/cancel`), 200, 'cancel');
    await pollUntil(
      async () => {
        const paypal = (await admin.get(`/api/admin/orders/${orderId}/paypal`)).body as Json;
        return paypal.status === 'ABANDONED' ? paypal : undefined;
      },
      { timeoutMs: 60_000, what: 'reconciliation to abandon the PayPal order' },
    );
    expect(await paymentStatus(a.client, orderId)).toBe('Cancelled');
    const captures = await suite.db.query('select 1 from payment_capture where order_id = $1', [
      orderId,
    ]);
    expect(captures.rowCount).toBe(0);
  });

  const outboxEvents = async (orderId: string, type: string) =>
    Number(
      (
        await suite.db.query<{ n: string }>(
          `select count(*) as n from outbox_event where type = $1 and payload->>'orderId' = $2`,
          [type, orderId],
        )
      ).rows[0]?.n,
    );

  const refundAudits = async (orderId: string) =>
    (
      await suite.db.query(
        `select 1 from audit_entry where kind = 'payment.refunded' and target_id = $1`,
        [orderId],
      )
    ).rowCount;

  const paidOrder = (client: HttpClient, orderId: string) =>
    pollUntil(async () => ((await paymentStatus(client, orderId)) === 'Paid' ? true : undefined), {
      timeoutMs: 30_000,
      what: 'the order to be Paid',
    });

  /** A new customer's order paid through Checkout: created, approved, captured, and seen Paid. */
  const paidThroughCheckout = async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    await approve(await createPaypalOrder(a.client, orderId));
    expect((await a.client.post(`/api/orders/${orderId}/paypal-order/capture`)).body).toMatchObject(
      { outcome: 'paid' },
    );
    await paidOrder(a.client, orderId);
    return { a, orderId };
  };

  test('capture and cancel sent together, 50 times: each order ends Cancelled with nothing captured, or Paid with no cancellation', async () => {
    const a = await world.customer();
    const races: { orderId: string; paypalOrderId: string; capture: number; cancel: number }[] = [];
    for (let i = 0; i < 50; i++) {
      const orderId = await placeOrder(a.client, premiumId);
      const paypalOrderId = await createPaypalOrder(a.client, orderId);
      await approve(paypalOrderId);
      const [capture, cancel] = await Promise.all([
        a.client.post(`/api/orders/${orderId}/paypal-order/capture`),
        a.client.post(`/api/orders/${orderId}/cancel`),
      ]);
      // The loser is told why with a 409, never a 5xx.
      for (const answer of [capture, cancel]) {
        if (answer.status !== 200) assertErrorBody(answer, 409);
      }
      races.push({ orderId, paypalOrderId, capture: capture.status, cancel: cancel.status });
    }
    for (const race of races) {
      // Exactly one of the two went through.
      expect([race.capture, race.cancel].filter((status) => status === 200)).toHaveLength(1);
      const captured = await suite.db.query(
        `select 1 from paypal_simulator_order where id = $1 and status = 'COMPLETED'`,
        [race.paypalOrderId],
      );
      if (race.cancel === 200) {
        expect(await paymentStatus(a.client, race.orderId)).toBe('Cancelled');
        expect(captured.rowCount).toBe(0);
      } else {
        await paidOrder(a.client, race.orderId);
        expect(captured.rowCount).toBe(1);
        expect(await outboxEvents(race.orderId, 'OrderCancelled')).toBe(0);
      }
    }
    // Reconciliation, which runs every second here, never captured a cancelled order afterwards.
    for (const race of races.filter((r) => r.cancel === 200)) {
      expect(await paymentStatus(a.client, race.orderId)).toBe('Cancelled');
      expect(await outboxEvents(race.orderId, 'OrderPaid')).toBe(0);
    }
  }, 180_000);

  /**
   * The webhook's capture is declined at PayPal and then waits for the PayPal order's row, which
   * `blocker` holds: its decline is not recorded yet when `buyerCapture` comes (told "not approved" by
   * PayPal, it must wait for that decline, not answer a conflict).
   */
  async function captureWhileTheWebhookRecordsItsDecline(
    paypalOrderId: string,
    orderId: string,
    deliverApproval: () => Promise<unknown>,
    buyerCapture: () => Promise<Awaited<ReturnType<HttpClient['post']>>>,
  ) {
    const blocker = await suite.db.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from paypal_order where order_id = $1 for update', [orderId]);
      await deliverApproval();
      await pollUntil(
        async () => {
          const declinedAtPaypal = await suite.db.query(
            `select 1 from paypal_simulator_order where id = $1 and status = 'CREATED'`,
            [paypalOrderId],
          );
          const waiting = await suite.db.query(
            `select 1 from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query ilike '%from "paypal_order"%'`,
          );
          return declinedAtPaypal.rowCount === 1 && (waiting.rowCount ?? 0) > 0;
        },
        { timeoutMs: 30_000, what: 'the webhook’s capture, declined, to wait to record it' },
      );
      const answer = buyerCapture();
      // Given time to answer on its own (a conflict, before this was fixed), then the decline lands.
      await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 1_500))]);
      await blocker.query('commit');
      return await answer;
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      blocker.release();
    }
  }

  test.each([
    ['the webhook’s capture comes first', 'webhook-first'],
    ['the buyer’s capture comes first', 'buyer-first'],
    ['the buyer’s capture comes while the webhook’s is recording its decline', 'both-at-once'],
  ] as const)(
    'a declined card: when %s, the buyer hears "declined" and pays with another card',
    async (_, order) => {
      const a = await world.customer();
      const orderId = await placeOrder(a.client, premiumId);
      const paypalOrderId = await createPaypalOrder(a.client, orderId);
      await approve(paypalOrderId, { action: 'decline' });
      const approved = await recordedEvent(
        'CHECKOUT.ORDER.APPROVED',
        (resource) => resource.id === paypalOrderId,
      );
      const buyerCapture = () => a.client.post(`/api/orders/${orderId}/paypal-order/capture`);
      const deliverApproval = async () => expect((await deliver(approved)).status).toBe(200);
      let answer;
      if (order === 'webhook-first') {
        await deliverApproval();
        await settledWebhook(approved.event.id);
        answer = await buyerCapture();
      } else if (order === 'buyer-first') {
        answer = await buyerCapture();
        await deliverApproval();
      } else {
        answer = await captureWhileTheWebhookRecordsItsDecline(
          paypalOrderId,
          orderId,
          deliverApproval,
          buyerCapture,
        );
      }
      // The webhook's capture finds (or makes) the decline: recorded, not retried as a failure.
      expect(await settledWebhook(approved.event.id)).toMatchObject({
        result: 'recorded',
        detail: expect.stringContaining('declined'),
      });
      assertStatus(answer, 200, 'capture with a declined card');
      expect(answer.body).toMatchObject({
        outcome: 'declined',
        message: 'PayPal declined that payment method. Please choose another one.',
      });
      expect(await paymentStatus(a.client, orderId)).toBe('UnPaid');
      // The buttons restart with the same PayPal order; another card goes through.
      expect(await createPaypalOrder(a.client, orderId)).toBe(paypalOrderId);
      await approve(paypalOrderId);
      expect((await buyerCapture()).body).toMatchObject({ outcome: 'paid' });
      await paidOrder(a.client, orderId);
    },
  );

  test('money captured for a cancelled order is kept apart, flagged with its amount, told to the admins, and refunded with "Refund this payment"', async () => {
    const a = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const paypalOrderId = await createPaypalOrder(a.client, orderId);
    await approve(paypalOrderId);
    assertStatus(await a.client.post(`/api/orders/${orderId}/cancel`), 200, 'cancel');
    // A capture the shop did not make (an old hold lapsed; PayPal's own retry) still takes the money.
    expect(await captureAtPaypal(paypalOrderId)).toBe(201);
    const completed = await recordedEvent(
      'PAYMENT.CAPTURE.COMPLETED',
      (resource) =>
        (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)
          ?.related_ids?.order_id === paypalOrderId,
    );
    expect((await deliver(completed)).status).toBe(200);
    await settledWebhook(completed.event.id);

    const flagged = await flaggedOrder(admin, orderId);
    expect(flagged).toMatchObject({
      paymentStatus: 'Cancelled',
      reviewReason: expect.stringContaining('$499.00'),
    });
    expect(await outboxEvents(orderId, 'OrderPaid')).toBe(0);
    await suite.mailbox.waitFor(mailTo(adminEmail, 'Payment needs attention'), 30_000);

    const view = await pollUntil(
      async () => {
        const body = (await admin.get(`/api/admin/orders/${orderId}/paypal`)).body as Json & {
          unappliedPayments: Json[];
        };
        return body.unappliedPayments.length > 0 ? body : undefined;
      },
      { timeoutMs: 30_000, what: 'the unapplied payment to be recorded' },
    );
    const [payment] = view.unappliedPayments;
    expect(payment).toMatchObject({
      channel: 'checkout',
      reference: completed.event.resource.id,
      amount: '499.00',
      status: 'needs_attention',
      refundable: true,
    });
    const refundPath = `/api/admin/orders/${orderId}/unapplied-payments/${String(payment!._id)}/refund`;
    assertErrorBody(await a.client.post(refundPath), 403);

    const clicks = await Promise.all(Array.from({ length: 5 }, () => admin.post(refundPath)));
    expectOneWinner(clicks);
    const after = (await admin.get(`/api/admin/orders/${orderId}/paypal`)).body as Json & {
      unappliedPayments: Json[];
    };
    expect(after.unappliedPayments[0]).toMatchObject({ status: 'refunded', refundable: false });
    // PayPal's REFUNDED event for that capture does not touch the order.
    const refundedEvent = await recordedEvent(
      'PAYMENT.CAPTURE.REFUNDED',
      (resource) => String(resource.custom_id) === orderId,
    );
    expect((await deliver(refundedEvent)).status).toBe(200);
    expect(await settledWebhook(refundedEvent.event.id)).toMatchObject({ result: 'recorded' });
    expect(await paymentStatus(a.client, orderId)).toBe('Cancelled');
    expect(await outboxEvents(orderId, 'OrderRefunded')).toBe(0);
    expect(await refundAudits(orderId)).toBe(1);
  });

  test('ten refund clicks at once: one refund, one audit entry, the other clicks get 409', async () => {
    const { orderId } = await paidThroughCheckout();
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/admin/orders/${orderId}/refund`)),
    );
    expectOneWinner(clicks);
    expect(await refundAudits(orderId)).toBe(1);
  });

  test('an admin refunds a Checkout payment: the order ends Refunded and the customer is e-mailed', async () => {
    const { a, orderId } = await paidThroughCheckout();
    assertErrorBody(await a.client.post(`/api/admin/orders/${orderId}/refund`), 403);

    const refunded = await admin.post(`/api/admin/orders/${orderId}/refund`);
    assertStatus(refunded, 200, 'refund');
    expect(refunded.body).toMatchObject({ status: 'REFUNDED', refundable: false });
    await pollUntil(
      async () => ((await paymentStatus(a.client, orderId)) === 'Refunded' ? true : undefined),
      {
        timeoutMs: 30_000,
        what: 'the order to be Refunded',
      },
    );
    await suite.mailbox.waitFor(mailTo(a.email, 'Your Premium payment is refunded'), 30_000);
    // PayPal's REFUNDED event arriving afterwards changes nothing more.
    const event = await recordedEvent('PAYMENT.CAPTURE.REFUNDED', () => true);
    expect((await deliver(event)).status).toBe(200);
    expect(await settledWebhook(event.event.id)).toMatchObject({ result: 'recorded' });
    // The refund answer and the webhook both reported it: the order was refunded once.
    const refundedEvents = await suite.db.query(
      `select 1 from outbox_event where type = 'OrderRefunded' and payload->>'orderId' = $1`,
      [orderId],
    );
    expect(refundedEvents.rowCount).toBe(1);
    const summary = (await a.client.get('/api/orders/summary')).body as Json;
    expect(summary.totalSpent).toBe('0.00');
    // Refunding again is refused with the reason.
    assertErrorBody(await admin.post(`/api/admin/orders/${orderId}/refund`), 409);
    // The audit log has the admin's refund once (the refused second one wrote nothing).
    const audited = await suite.db.query<{ actor_email: string; after: Json }>(
      `select actor_email, after from audit_entry where kind = 'payment.refunded' and target_id = $1`,
      [orderId],
    );
    expect(audited.rows).toEqual([
      { actor_email: adminEmail, after: expect.objectContaining({ paypalStatus: 'REFUNDED' }) },
    ]);
  });

  /** A call to the simulator's Disputes API, as a buyer or PayPal's sandbox makes it. */
  const disputeCall = async (path: string, body: Json) => {
    const response = await simulatorPost(api.baseUrl, `/v1/customer/disputes${path}`, body);
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as Json;
  };

  const paidCapture = async () => {
    const { a, orderId } = await paidThroughCheckout();
    const paypal = (await admin.get(`/api/admin/orders/${orderId}/paypal`)).body as Json;
    return { orderId, captureId: String(paypal.captureId), customer: a.client };
  };

  test('a forged dispute webhook emits nothing: kept as invalid for the admins', async () => {
    const { orderId, captureId } = await paidCapture();
    const eventId = `WH-FORGED-DISPUTE-${uid()}`;
    const response = await deliverForged(
      JSON.stringify({
        id: eventId,
        event_type: 'CUSTOMER.DISPUTE.CREATED',
        resource: {
          dispute_id: 'PP-D-FORGED',
          reason: 'UNAUTHORISED',
          dispute_amount: { currency_code: 'USD', value: '499.00' },
          disputed_transactions: [{ seller_transaction_id: captureId }],
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(await settledWebhook(eventId)).toMatchObject({ result: 'invalid' });
    expect(await outboxEvents(orderId, 'PaymentDisputed')).toBe(0);
  });

  test('the same dispute delivered 20 times is one PaymentDisputed; its resolution in the seller’s favour is one PaymentDisputeResolved', async () => {
    const { orderId, captureId, customer } = await paidCapture();
    const disputeId = String((await disputeCall('', { transaction_id: captureId })).dispute_id);
    const opened = await recordedEvent(
      'CUSTOMER.DISPUTE.CREATED',
      (resource) => resource.dispute_id === disputeId,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(opened)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await settledWebhook(opened.event.id)).toMatchObject({ result: 'recorded' });
    // PayPal reports it again (the dispute escalated: UPDATED): still one dispute.
    await disputeCall(`/${disputeId}/escalate`, {});
    const updated = await recordedEvent(
      'CUSTOMER.DISPUTE.UPDATED',
      (resource) => resource.dispute_id === disputeId,
    );
    expect((await deliver(updated)).status).toBe(200);
    expect(await settledWebhook(updated.event.id)).toMatchObject({ result: 'duplicate' });
    const disputed = await suite.db.query<{ payload: Json }>(
      `select payload from outbox_event where type = 'PaymentDisputed' and payload->>'orderId' = $1`,
      [orderId],
    );
    expect(disputed.rows).toEqual([
      {
        payload: expect.objectContaining({
          disputeId,
          reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
          amount: '499.00',
          currency: 'USD',
        }),
      },
    ]);
    // The order moved once: Paid → Disputed.
    await pollUntil(
      async () => ((await paymentStatus(customer, orderId)) === 'Disputed' ? true : undefined),
      { timeoutMs: 30_000, what: 'the order to be Disputed' },
    );
    expect(await outboxEvents(orderId, 'OrderDisputed')).toBe(1);

    await disputeCall(`/${disputeId}/adjudicate`, { adjudication_outcome: 'SELLER_FAVOR' });
    const resolved = await recordedEvent(
      'CUSTOMER.DISPUTE.RESOLVED',
      (resource) => resource.dispute_id === disputeId,
    );
    await Promise.all(Array.from({ length: 5 }, () => deliver(resolved)));
    expect(await settledWebhook(resolved.event.id)).toMatchObject({ result: 'recorded' });
    const ends = await suite.db.query<{ payload: Json }>(
      `select payload from outbox_event where type = 'PaymentDisputeResolved' and payload->>'orderId' = $1`,
      [orderId],
    );
    expect(ends.rows).toEqual([
      { payload: expect.objectContaining({ disputeId, outcome: 'seller' }) },
    ]);
    await pollUntil(
      async () => ((await paymentStatus(customer, orderId)) === 'Paid' ? true : undefined),
      { timeoutMs: 30_000, what: 'the order to be Paid again' },
    );
    expect(await outboxEvents(orderId, 'OrderDisputeResolved')).toBe(1);
  });
});
