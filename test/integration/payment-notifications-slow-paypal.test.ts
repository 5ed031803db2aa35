/**
 * The notification pipeline against a slow PayPal: 50 IPN messages verified with a simulator that takes
 * 2 s to answer each, on a database pool of 5 connections. PayPal is asked with no transaction open, so
 * the API keeps answering reads meanwhile; every payment is still applied exactly once.
 *
 *   npm run build:server && npm run test:integration -- test/integration/payment-notifications-slow-paypal.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { assertStatus, type Json } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { placeOrder } from '../support/shop.js';
import { useWorld } from '../support/world.js';

const SIMULATOR = '/paypal-simulator/cgi-bin/webscr';
const MESSAGES = 50;

const world = useWorld({
  name: 'payment-notifications-slow-paypal',
  simulateClientIps: true,
  env: {
    PAYMENT_INTEGRATION: 'standard',
    PAYPAL_SIMULATOR_VERIFY_DELAY_MS: '2000',
    // A request that cannot get a connection this soon is answered 503: a pool held by calls to
    // PayPal would fail the reads below, not merely slow them.
    DATABASE_CONNECT_TIMEOUT_MS: '1500',
    DATABASE_POOL_SIZE: '5',
  },
});

describe('IPN verification against a PayPal that answers after 2 s, with a pool of 5', () => {
  let premiumId: string;

  beforeAll(async () => {
    premiumId = await world.premiumPackageId();
  }, 120_000);

  const awaitingVerification = async () =>
    Number(
      (
        await world.db.query<{ n: string }>(
          `select count(*) as n from payment_notification where result in ('pending', 'failed')`,
        )
      ).rows[0]?.n,
    );

  test('reads are answered while 50 verifications wait on PayPal, and every payment is applied once', async () => {
    const { client } = await world.customer();
    const orderIds: string[] = [];
    for (let i = 0; i < MESSAGES; i++) orderIds.push(await placeOrder(client, premiumId));
    for (const orderId of orderIds) {
      const checkout = await client.get(`/api/orders/${orderId}/checkout`);
      const fields = (checkout.body as { fields: { name: string; value: string }[] }).fields;
      const form = new URLSearchParams(fields.map((field) => [field.name, field.value]));
      form.set('cmd', '_simulator-pay');
      const paid = await fetch(`${world.api.baseUrl}${SIMULATOR}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
    }

    // Reads made while verifications are waiting on PayPal (some pending before and after the read).
    let readsWhilePending = 0;
    for (let round = 0; round < 200 && readsWhilePending < 10; round++) {
      const before = await awaitingVerification();
      if (before === 0) break;
      const orderId = orderIds[round % orderIds.length]!;
      const [order, list] = await Promise.all([
        client.get(`/api/orders/${orderId}`),
        client.get('/api/orders'),
      ]);
      assertStatus(order, 200, 'read an order while PayPal is slow');
      assertStatus(list, 200, 'list orders while PayPal is slow');
      if ((await awaitingVerification()) > 0) readsWhilePending++;
    }
    expect(readsWhilePending).toBeGreaterThan(0);

    await pollUntil(async () => ((await awaitingVerification()) === 0 ? true : undefined), {
      timeoutMs: 180_000,
      what: 'every message to be verified',
    });
    const results = await world.db.query<{ result: string; n: string }>(
      `select result, count(*) as n from payment_notification group by result`,
    );
    expect(results.rows).toEqual([{ result: 'applied', n: String(MESSAGES) }]);
    for (const orderId of orderIds) {
      await pollUntil(
        async () =>
          ((await client.get(`/api/orders/${orderId}`)).body as Json).paymentStatus === 'Paid'
            ? true
            : undefined,
        { timeoutMs: 60_000, what: `order ${orderId} to be Paid` },
      );
    }
    const paidEvents = await world.db.query<{ order_id: string; n: string }>(
      `select payload->>'orderId' as order_id, count(*) as n from outbox_event
        where type = 'OrderPaid' group by 1`,
    );
    expect(paidEvents.rows).toHaveLength(MESSAGES);
    expect(paidEvents.rows.every((row) => row.n === '1')).toBe(true);
  }, 300_000);
});
