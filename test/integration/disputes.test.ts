/**
 * Disputes against the built server, real PostgreSQL, Redis and SMTP: PayPal's dispute reports, as the
 * payments module commits them to the outbox (PaymentDisputed, PaymentDisputeResolved), move the
 * order's payment (Paid → Disputed → Paid, Refunded or Reversed) once however often PayPal repeats
 * itself, e-mail every admin once per transition, and flag for review what the order cannot take.
 *
 *   npm run build:server && npm run test:integration -- test/integration/disputes.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { LIVE_EVENTS_PATH, liveEventSchema } from '../../src/contracts/live-events.js';
import { ORDER_TEXTS } from '../../src/contracts/orders.js';
import type {} from '../../src/modules/payments/domain/payments.events.js';
import { openEventStream } from '../support/event-stream.js';
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
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'disputes' });
const { adminEmail } = world;

const { commit, handled } = outboxEvents(() => world.db);

/** The order's events of a type in the outbox, each once handled. */
async function orderEvents(orderId: string, type: string): Promise<Json[]> {
  const { rows } = await world.db.query<{ id: string; payload: Json }>(
    `select id, payload from outbox_event where type = $1 and payload->>'orderId' = $2`,
    [type, orderId],
  );
  if (rows.length > 0) await handled(...rows.map((row) => row.id));
  return rows.map((row) => row.payload);
}

/**
 * The admin e-mails about the order whose subject starts with the headline, as the SMTP server received
 * them once every e-mail asked for so far has been sent (none is still owed to the mail queue).
 */
async function adminMails(orderId: string, headline: string): Promise<number> {
  await pollUntil(
    async () => {
      const { rows } = await world.db.query<{ owed: string }>(
        `select count(*) as owed from outbox_event
          where queue = 'mail' and completed_at is null and failed_at is null`,
      );
      return Number(rows[0]?.owed) === 0;
    },
    { timeoutMs: 20_000, what: 'every e-mail to be sent' },
  );
  return world.mailbox.find(
    (mail) =>
      mailTo(adminEmail, `${headline}: Premium`)(mail) &&
      mail.text.includes(`/admin/payment-status/${orderId}`),
  ).length;
}

const DISPUTE = {
  disputeId: 'PP-D-27803',
  reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
  amount: '499.00',
  currency: 'USD',
};

describe('disputes', () => {
  let admin: HttpClient;

  const adminView = async (orderId: string) => {
    const answer = await admin.get(`/api/admin/orders/${orderId}`);
    assertStatus(answer, 200, 'the order');
    return answer.body as Json;
  };

  /** A paid order and a dispute of it, applied. */
  async function disputedOrder() {
    const order = await world.order({ paid: true });
    await handled(
      await commit('PaymentDisputed', {
        orderId: order.id,
        notificationId: randomUUID(),
        ...DISPUTE,
      }),
    );
    return order;
  }

  beforeAll(async () => {
    admin = await world.admin();
  }, 120_000);

  test('a dispute makes a paid order Disputed with PayPal’s reason and amount, once however often it is reported (×20 at once), and mails the admins once', async () => {
    const order = await world.order({ paid: true });
    const mail = expectNewMail(world.mailbox, mailTo(adminEmail, 'Payment disputed: Premium'));
    const report = { orderId: order.id, notificationId: randomUUID(), ...DISPUTE };
    // PayPal repeats itself: the same report 20 times at once, then an update of the amount.
    const repeats = await Promise.all(
      Array.from({ length: 20 }, () =>
        commit('PaymentDisputed', { ...report, notificationId: randomUUID() }),
      ),
    );
    await handled(...repeats);
    const updated = await commit('PaymentDisputed', {
      ...report,
      notificationId: randomUUID(),
      amount: '250.00',
    });
    await handled(updated);

    const view = await adminView(order.id);
    expect(view).toMatchObject({
      paymentStatus: 'Disputed',
      reviewReason: null,
      dispute: {
        id: 'PP-D-27803',
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        amount: '250.00',
        currency: 'USD',
        resolvedAt: null,
        outcome: null,
        resolutionCentreUrl: '/paypal-simulator/resolutioncenter',
      },
    });
    expect(Date.parse(String((view.dispute as Json).openedAt))).not.toBeNaN();
    expect(await orderEvents(order.id, 'OrderDisputed')).toHaveLength(1);
    expect(await adminMails(order.id, 'Payment disputed')).toBe(1);
    const received = await mail.next();
    expect(received.text).toContain('PP-D-27803');
    expect(received.text).toContain('MERCHANDISE_OR_SERVICE_NOT_RECEIVED');
    expect(received.text).toContain('$499.00');

    // The customer sees it disputed; a disputed payment is not counted in the sums.
    const mine = await order.customer.client.get(`/api/orders/${order.id}`);
    expect((mine.body as Json).paymentStatus).toBe('Disputed');
    const summary = await order.customer.client.get('/api/orders/summary');
    expect(summary.body).toMatchObject({ orderCount: 1, totalSpent: '0.00' });
  });

  test('resolved in the seller’s favour, the order is Paid again, once, and the admins are told once', async () => {
    const order = await disputedOrder();
    const mail = expectNewMail(
      world.mailbox,
      mailTo(adminEmail, 'Dispute resolved in your favour: Premium'),
    );
    const resolution = {
      orderId: order.id,
      disputeId: DISPUTE.disputeId,
      outcome: 'seller' as const,
    };
    await handled(
      await commit('PaymentDisputeResolved', { ...resolution, notificationId: randomUUID() }),
      await commit('PaymentDisputeResolved', { ...resolution, notificationId: randomUUID() }),
    );
    // A late update of the dispute does not open it again.
    await handled(
      await commit('PaymentDisputed', {
        orderId: order.id,
        notificationId: randomUUID(),
        ...DISPUTE,
      }),
    );

    expect(await adminView(order.id)).toMatchObject({
      paymentStatus: 'Paid',
      reviewReason: null,
      dispute: { id: DISPUTE.disputeId, outcome: 'seller' },
    });
    expect(await orderEvents(order.id, 'OrderDisputed')).toHaveLength(1);
    const resolved = await orderEvents(order.id, 'OrderDisputeResolved');
    expect(resolved).toStrictEqual([
      expect.objectContaining({ outcome: 'seller', from: 'Disputed', paymentStatus: 'Paid' }),
    ]);
    expect(await adminMails(order.id, 'Dispute resolved in your favour')).toBe(1);
    expect((await mail.next()).text).toContain('the order is Paid again');
    const summary = await order.customer.client.get('/api/orders/summary');
    expect(summary.body).toMatchObject({ totalSpent: '499.00' });
  });

  test('a reversal naming no case makes the disputed order Reversed; a refund makes a paid one Refunded', async () => {
    const reversed = await disputedOrder();
    const reversal = expectNewMail(world.mailbox, mailTo(adminEmail, 'Payment reversed: Premium'));
    await handled(
      await commit('PaymentDisputeResolved', {
        orderId: reversed.id,
        notificationId: randomUUID(),
        disputeId: null,
        outcome: 'reversed',
      }),
    );
    expect(await adminView(reversed.id)).toMatchObject({
      paymentStatus: 'Reversed',
      dispute: { id: DISPUTE.disputeId, outcome: 'reversed' },
    });
    await reversal.next();

    const refunded = await world.order({ paid: true });
    await handled(
      await commit('PaymentDisputeResolved', {
        orderId: refunded.id,
        notificationId: randomUUID(),
        disputeId: 'PP-D-55555',
        outcome: 'refunded',
      }),
    );
    const view = await adminView(refunded.id);
    expect(view).toMatchObject({
      paymentStatus: 'Refunded',
      dispute: { id: 'PP-D-55555', outcome: 'refunded', openedAt: null },
    });
    expect(view.refundedAt).not.toBeNull();
    expect(await orderEvents(refunded.id, 'OrderDisputeResolved')).toHaveLength(1);
    expect(await adminMails(refunded.id, 'Dispute resolved: refunded')).toBe(1);
  });

  test('a report the order cannot take is flagged for review and mailed once, and the order is unchanged', async () => {
    const order = await world.order();
    const report = { orderId: order.id, notificationId: randomUUID(), ...DISPUTE };
    await handled(
      await commit('PaymentDisputed', report),
      await commit('PaymentDisputed', { ...report, notificationId: randomUUID() }),
    );
    const view = await adminView(order.id);
    expect(view).toMatchObject({ paymentStatus: 'UnPaid', dispute: null });
    expect(String(view.reviewReason)).toContain('PP-D-27803');
    expect(String(view.reviewReason)).toContain(ORDER_TEXTS.notDisputable);
    expect(await orderEvents(order.id, 'OrderDisputed')).toHaveLength(0);
    expect(await adminMails(order.id, 'Dispute needs review')).toBe(1);
  });

  test('the live feed says when a dispute opens and how it ended', async () => {
    const stream = await openEventStream(world.api.baseUrl, LIVE_EVENTS_PATH, { client: admin });
    try {
      expect(stream.status).toBe(200);
      await pollUntil(() => stream.lastEventId !== '', {
        timeoutMs: 10_000,
        what: 'the stream to have a position',
      });
      const order = await disputedOrder();
      const about = (type: string) => (event: { type: string; data: string }) =>
        event.type === type && liveEventSchema.parse(JSON.parse(event.data)).subjectId === order.id;
      const opened = await stream.waitFor(about('payment.disputed'), 'the dispute on the feed');
      expect(liveEventSchema.parse(JSON.parse(opened.data)).text).toBe(
        'Payment disputed at PayPal (MERCHANDISE_OR_SERVICE_NOT_RECEIVED, $499.00): Premium from Ada ($499.00)',
      );
      await handled(
        await commit('PaymentDisputeResolved', {
          orderId: order.id,
          notificationId: randomUUID(),
          disputeId: DISPUTE.disputeId,
          outcome: 'seller',
        }),
      );
      const ended = await stream.waitFor(
        about('payment.dispute_resolved'),
        'the resolution on the feed',
      );
      expect(liveEventSchema.parse(JSON.parse(ended.data)).text).toMatch(
        /^Dispute resolved in your favour, the order is paid again: Premium/,
      );
    } finally {
      stream.close();
    }
  });

  test('the admins’ list shows the open disputes only when asked, and refuses an unknown state', async () => {
    const open = await disputedOrder();
    const settled = await world.order({ paid: true });
    const answer = await admin.get('/api/admin/orders?paymentStatus=Disputed&pageSize=50');
    assertStatus(answer, 200, 'the open disputes');
    const items = (answer.body as Json).items as Json[];
    expect(items.map((item) => item._id)).toContain(open.id);
    expect(items.map((item) => item._id)).not.toContain(settled.id);
    expect(new Set(items.map((item) => item.paymentStatus))).toStrictEqual(new Set(['Disputed']));

    const all = await admin.get('/api/admin/orders?pageSize=50');
    expect(((all.body as Json).items as Json[]).map((item) => item._id)).toContain(settled.id);

    const refused = await admin.get('/api/admin/orders?paymentStatus=Argued');
    expect(fieldsOf(assertErrorBody(refused, 400))).toStrictEqual({
      paymentStatus: expect.stringContaining('Payment Status must be one of'),
    });
  });

  test('a report of an order that does not exist changes nothing and is not retried', async () => {
    const id = await commit('PaymentDisputed', {
      orderId: randomUUID(),
      notificationId: randomUUID(),
      ...DISPUTE,
    });
    await handled(id);
  });
});
