/**
 * PayPal payments against the built server, real PostgreSQL, Redis and SMTP, and the built-in PayPal
 * simulator over real HTTP: the checkout form, IPN messages stored and verified in the worker, and
 * every way a payment must not mark an order Paid.
 *
 *   npm run build:server && npm run test:integration -- test/integration/payments.test.ts
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, type Json, mailTo, uid } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { getFreePort, pollUntil } from '../support/net.js';
import { simulatorPost } from '../support/paypal-simulator.js';
import { flaggedOrder, placeOrder } from '../support/shop.js';
import { useWorld } from '../support/world.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const SIMULATOR = '/paypal-simulator/cgi-bin/webscr';
const IPN = '/api/payments/paypal/ipn';

type Field = { name: string; value: string };
type NotificationRow = { id: string; result: string; detail: string | null; raw: Buffer };

/** Between the worker and PayPal (the simulator): paused, PayPal cannot be reached. */
let paypal: TcpProxy;

const world = useWorld(async () => {
  const port = await getFreePort();
  paypal = await startTcpProxy({ targetHost: '127.0.0.1', targetPort: port });
  await paypal.resume();
  return {
    name: 'payments',
    port,
    simulateClientIps: true,
    env: {
      // The Payments Standard adapter (the simulator defaults to PayPal Checkout).
      PAYMENT_INTEGRATION: 'standard',
      PAYPAL_IPN_VERIFY_URL: paypal.proxiedUrl(`http://127.0.0.1:${port}${SIMULATOR}`),
    },
  };
});
const suite = world;
const { adminEmail } = world;

describe('PayPal payments through the simulator', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  let premiumId: string;

  const form = (fields: Iterable<[string, string]>) => new URLSearchParams([...fields]).toString();

  /** Posts an IPN message to the shop's listener, as PayPal does. */
  const postIpn = (body: string | Uint8Array<ArrayBuffer>) =>
    fetch(`${api.baseUrl}${IPN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  async function checkoutFields(client: HttpClient, orderId: string): Promise<Field[]> {
    const checkout = await client.get(`/api/orders/${orderId}/checkout`);
    assertStatus(checkout, 200, 'GET checkout');
    return (checkout.body as { fields: Field[] }).fields;
  }

  /** Pays at the simulator with the form's fields, changed by `tamper`: 303 back to `return`. */
  async function payAtSimulator(fields: Field[], tamper: Record<string, string> = {}) {
    const values = new Map(fields.map((field) => [field.name, field.value]));
    for (const [name, value] of Object.entries(tamper)) values.set(name, value);
    values.set('cmd', '_simulator-pay');
    const response = await fetch(`${api.baseUrl}${SIMULATOR}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form(values),
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    return response.headers.get('location');
  }

  const notifications = async (orderId: string) =>
    (
      await suite.db.query<NotificationRow>(
        'select id, result, detail, raw from payment_notification where order_id = $1 order by received_at, id',
        [orderId],
      )
    ).rows;

  /** Waits until every notification of the order is verified one way or the other. */
  const settled = (orderId: string, count = 1) =>
    pollUntil(
      async () => {
        const rows = await notifications(orderId);
        return rows.length >= count &&
          rows.every((row) => !['pending', 'failed'].includes(row.result))
          ? rows
          : undefined;
      },
      { timeoutMs: 30_000, what: `the notifications of ${orderId} to be verified` },
    );

  const paymentStatus = async (client: HttpClient, orderId: string) =>
    ((await client.get(`/api/orders/${orderId}`)).body as Json).paymentStatus;

  beforeAll(async () => {
    api = world.api;
    admin = await world.admin();
    premiumId = await world.premiumPackageId();
  }, 120_000);

  afterAll(() => paypal?.close());

  test('the checkout is the Payments Standard form of spec §7, for the owner of an unpaid order only', async () => {
    const a = await world.customer();
    const b = await world.customer();
    const orderId = await placeOrder(a.client, premiumId);
    const checkout = (await a.client.get(`/api/orders/${orderId}/checkout`)).body as Json;
    expect(checkout).toMatchObject({
      ready: true,
      integration: 'standard',
      mode: 'simulator',
      action: `${api.publicUrl}${SIMULATOR}`,
      packageName: 'Premium',
      amount: '499.00',
    });
    expect(
      Object.fromEntries((checkout.fields as Field[]).map((f) => [f.name, f.value])),
    ).toStrictEqual({
      cmd: '_xclick',
      business: 'payments@seo-agency.test',
      item_number: '1',
      item_name: 'Premium',
      amount: '499.00',
      currency_code: 'USD',
      no_shipping: '1',
      custom: orderId,
      charset: 'utf-8',
      return: `${api.publicUrl}/received-payment/${orderId}`,
      cancel_return: `${api.publicUrl}/order-cancelled/${orderId}`,
      notify_url: `${api.publicUrl}${IPN}`,
    });
    // Customer B can neither read nor pay nor cancel A's order.
    assertErrorBody(await b.client.get(`/api/orders/${orderId}/checkout`), 404);
    assertErrorBody(await b.client.get(`/api/orders/${orderId}`), 404);
    assertErrorBody(await b.client.post(`/api/orders/${orderId}/cancel`), 404);
  });

  test('paid at the simulator: the IPN is stored verbatim, verified by the worker, and the order is Paid once with one receipt', async () => {
    const { client, email } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    const location = await payAtSimulator(await checkoutFields(client, orderId));
    expect(location).toBe(`${api.publicUrl}/received-payment/${orderId}`);
    const [row] = await settled(orderId);
    expect(row).toMatchObject({ result: 'applied', detail: null });
    expect(row!.raw.toString()).toMatch(
      /^mc_gross=499\.00&mc_currency=USD&payment_status=Completed/,
    );
    await pollUntil(async () => (await paymentStatus(client, orderId)) === 'Paid', {
      timeoutMs: 30_000,
      what: 'the order to be Paid',
    });
    await suite.mailbox.waitFor(mailTo(email, 'Payment receipt: Premium package'), 30_000);

    // PayPal resends for days: the same message 20 times at once changes nothing and mails nothing.
    const resends = await Promise.all(
      Array.from({ length: 20 }, () => postIpn(new Uint8Array(row!.raw))),
    );
    expect(resends.map((response) => response.status)).toStrictEqual(Array(20).fill(200));
    const rows = await settled(orderId, 21);
    expect(rows.map((r) => r.result).sort()).toStrictEqual([
      'applied',
      ...Array(20).fill('duplicate'),
    ]);
    const receipts = suite.mailbox.find(mailTo(email, 'Payment receipt'));
    expect(receipts).toHaveLength(1);
    // An applied message is not verified again.
    assertErrorBody(await admin.post(`/api/admin/payment-notifications/${row!.id}/verify`), 409);
    // A Paid order cannot be cancelled, nor paid again.
    assertErrorBody(await client.post(`/api/orders/${orderId}/cancel`), 409);
    assertErrorBody(await client.get(`/api/orders/${orderId}/checkout`), 409);
  });

  const unappliedPayments = async (orderId: string) =>
    ((await admin.get(`/api/admin/orders/${orderId}/paypal`)).body as { unappliedPayments: Json[] })
      .unappliedPayments;

  const orderPaidEvents = async (orderId: string) =>
    (
      await suite.db.query(
        `select 1 from outbox_event where type = 'OrderPaid' and payload->>'orderId' = $1`,
        [orderId],
      )
    ).rowCount;

  test('paid twice: the order is Paid once; the second payment is kept apart as unapplied, flagged with its amount and told to the admins', async () => {
    const { client } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    const fields = await checkoutFields(client, orderId);
    await payAtSimulator(fields);
    await payAtSimulator(fields);
    const rows = await settled(orderId, 2);
    await pollUntil(
      async () => {
        const results = (await notifications(orderId)).map((row) => row.result).sort();
        return results.join() === 'applied,unapplied' ? results : undefined;
      },
      { timeoutMs: 30_000, what: 'the second payment to be recorded as unapplied' },
    );
    expect(rows).toHaveLength(2);
    expect(await paymentStatus(client, orderId)).toBe('Paid');
    expect(await orderPaidEvents(orderId)).toBe(1);
    const order = (await admin.get(`/api/admin/orders/${orderId}`)).body as Json;
    expect(order.reviewReason).toMatch(/\$499\.00 arrived through PayPal .* already paid/);
    await suite.mailbox.waitFor(mailTo(adminEmail, 'Payment needs attention'), 30_000);
    const [unapplied] = await unappliedPayments(orderId);
    expect(unapplied).toMatchObject({
      channel: 'standard',
      amount: '499.00',
      status: 'needs_attention',
      // Payments Standard has no refund API here: the admin refunds it in PayPal.
      refundable: false,
    });
    const refund = await admin.post(
      `/api/admin/orders/${orderId}/unapplied-payments/${String(unapplied!._id)}/refund`,
    );
    assertErrorBody(refund, 409);
    expect((refund.body as Json).message).toContain(String(unapplied!.reference));
  });

  test('a payment for a cancelled order leaves it Cancelled: the money is kept apart and flagged', async () => {
    const { client } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    const fields = await checkoutFields(client, orderId);
    assertStatus(await client.post(`/api/orders/${orderId}/cancel`), 200, 'cancel');
    await payAtSimulator(fields);
    await settled(orderId);
    const flagged = await flaggedOrder(admin, orderId);
    expect(flagged).toMatchObject({
      paymentStatus: 'Cancelled',
      reviewReason: expect.stringMatching(/\$499\.00 .* cancelled/),
    });
    expect(await orderPaidEvents(orderId)).toBe(0);
    await pollUntil(
      async () => ((await unappliedPayments(orderId)).length === 1 ? true : undefined),
      {
        timeoutMs: 30_000,
        what: 'the unapplied payment',
      },
    );
  });

  test.each([
    ['a wrong amount', { amount: '0.01' }, /mc_gross 0\.01 is not the order's price 499\.00/],
    [
      'a wrong receiver',
      { business: 'mallory@example.test' },
      /receiver_email mallory@example\.test/,
    ],
    ['a wrong currency', { currency_code: 'EUR' }, /mc_currency EUR is not USD/],
    [
      'a payment not Completed',
      { simulator_payment_status: 'Pending' },
      /payment_status is Pending/,
    ],
  ])(
    '%s never makes the order Paid: it is flagged for review and the admins are told',
    async (_, tamper, reason) => {
      const { client } = await world.customer();
      const orderId = await placeOrder(client, premiumId);
      await payAtSimulator(await checkoutFields(client, orderId), tamper);
      const [row] = await settled(orderId);
      expect(row!.result).toBe('mismatch');
      expect(row!.detail).toMatch(reason);
      const order = await flaggedOrder(admin, orderId);
      expect(order).toMatchObject({
        paymentStatus: 'UnPaid',
        reviewReason: expect.stringMatching(reason),
      });
      await suite.mailbox.waitFor(mailTo(adminEmail, 'Payment needs review'), 30_000);
    },
  );

  test('the simulator posts notifications only to this shop’s own listener', async () => {
    const { client } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    const values = new Map(
      (await checkoutFields(client, orderId)).map((field) => [field.name, field.value]),
    );
    values.set('cmd', '_simulator-pay');
    values.set('notify_url', 'http://127.0.0.1:9/elsewhere');
    const response = await fetch(`${api.baseUrl}${SIMULATOR}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form(values),
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(await notifications(orderId)).toHaveLength(0);
  });

  test('any bytes posted to the listener are stored and answered 200, never a 5xx', async () => {
    for (const body of [
      'custom=------------------------------------&txn_id=%00%00&payment_status=%ED%A0%80',
      'custom=not-a-uuid&mc_gross=1e309',
      '%%%&&&==',
    ]) {
      const answer = await postIpn(body);
      expect({ body, status: answer.status }).toStrictEqual({ body, status: 200 });
    }
    const tooBig = await postIpn(`custom=${'x'.repeat(70_000)}`);
    expect(tooBig.status).toBe(413);
  });

  test('a message PayPal did not send is INVALID: recorded, nothing changes', async () => {
    const { client } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    const forged = form([
      ['mc_gross', '499.00'],
      ['mc_currency', 'USD'],
      ['payment_status', 'Completed'],
      ['txn_id', `FORGED${uid()}`],
      ['receiver_email', 'payments@seo-agency.test'],
      ['custom', orderId],
    ]);
    const answer = await postIpn(forged);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('');
    const [row] = await settled(orderId);
    expect(row).toMatchObject({ result: 'invalid', detail: 'PayPal answered INVALID' });
    expect(row!.raw.toString()).toBe(forged);
    expect(await paymentStatus(client, orderId)).toBe('UnPaid');

    // The admins see it on the order, and may have it verified again: still INVALID.
    const listed = await admin.get(`/api/admin/orders/${orderId}/notifications`);
    assertStatus(listed, 200);
    expect(listed.body).toMatchObject([
      { _id: row!.id, result: 'invalid', paymentStatus: 'Completed' },
    ]);
    assertStatus(await admin.post(`/api/admin/payment-notifications/${row!.id}/verify`), 202);
    await pollUntil(
      async () => (await notifications(orderId))[0]?.detail === 'PayPal answered INVALID',
      { timeoutMs: 30_000, what: 'the second verification' },
    );
    expect((await notifications(orderId)).map((r) => r.result)).toStrictEqual(['invalid']);
    assertErrorBody(await client.post(`/api/admin/payment-notifications/${row!.id}/verify`), 403);
    // The admin's request is in the audit log, once (the customer's refused one is not).
    const audited = await suite.db.query(
      `select before, after from audit_entry where kind = 'payment.verify-again' and target_id = $1`,
      [row!.id],
    );
    expect(audited.rows).toEqual([{ before: { result: 'invalid' }, after: { result: 'pending' } }]);
  });

  test('a forged dispute IPN (new_case, Reversed) emits nothing: recorded as INVALID', async () => {
    const { client } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    for (const fields of [
      [
        ['txn_type', 'new_case'],
        ['case_id', `PP-FORGED-${uid()}`],
        ['case_type', 'chargeback'],
        ['reason_code', 'unauthorized'],
        ['txn_id', `FORGED${uid()}`],
        ['custom', orderId],
      ],
      [
        ['payment_status', 'Reversed'],
        ['txn_id', `FORGED${uid()}`],
        ['custom', orderId],
      ],
    ] as [string, string][][]) {
      const answer = await postIpn(form(fields));
      expect(answer.status).toBe(200);
    }
    const rows = await settled(orderId, 2);
    expect(rows.map((row) => row.result)).toStrictEqual(['invalid', 'invalid']);
    const disputes = await suite.db.query(
      `select 1 from outbox_event where type in ('PaymentDisputed', 'PaymentDisputeResolved', 'PaymentReversed') and payload->>'orderId' = $1`,
      [orderId],
    );
    expect(disputes.rowCount).toBe(0);
  });

  const orderEvents = async (orderId: string, type: string) =>
    (
      await suite.db.query(
        `select 1 from outbox_event where type = $1 and payload->>'orderId' = $2`,
        [type, orderId],
      )
    ).rowCount;

  test('a buyer’s case reported 20 times is one PaymentDisputed; PayPal reversing the payment ends it once', async () => {
    const { client } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    const fields = await checkoutFields(client, orderId);
    await payAtSimulator(fields);
    const [paid] = await settled(orderId);
    expect(paid!.result).toBe('applied');
    const txnId = new URLSearchParams(paid!.raw.toString()).get('txn_id')!;
    // The buyer opens a case at PayPal (the simulator's Disputes API): PayPal posts new_case.
    const disputes = (path: string, body: Json) =>
      simulatorPost(api.baseUrl, `/v1/customer/disputes${path}`, body);
    const opened = await disputes('', { transaction_id: txnId });
    expect(opened.status).toBe(201);
    const caseId = String(((await opened.json()) as Json).dispute_id);
    const [newCase] = await pollUntil(
      async () => {
        const found = (await notifications(orderId)).filter((row) =>
          row.raw.toString().includes(`case_id=${caseId}`),
        );
        return found.length > 0 ? found : undefined;
      },
      { timeoutMs: 30_000, what: 'the new_case IPN' },
    );
    // PayPal resends it: the same message 19 more times at once.
    const resent = await Promise.all(
      Array.from({ length: 19 }, () => postIpn(new Uint8Array(newCase!.raw))),
    );
    expect(resent.map((answer) => answer.status)).toStrictEqual(Array(19).fill(200));
    const rows = await settled(orderId, 21);
    expect(rows.filter((row) => row.result === 'recorded')).toHaveLength(1);
    expect(rows.filter((row) => row.result === 'duplicate')).toHaveLength(19);
    const disputed = await suite.db.query<{ payload: Json }>(
      `select payload from outbox_event where type = 'PaymentDisputed' and payload->>'orderId' = $1`,
      [orderId],
    );
    expect(disputed.rows).toEqual([
      {
        payload: expect.objectContaining({
          reason: expect.any(String),
          amount: '499.00',
          currency: 'USD',
        }),
      },
    ]);

    await pollUntil(async () => (await paymentStatus(client, orderId)) === 'Disputed', {
      timeoutMs: 30_000,
      what: 'the order to be Disputed',
    });
    expect(await orderEvents(orderId, 'OrderDisputed')).toBe(1);

    // PayPal decides for the buyer: it takes the money back (Reversed).
    expect(
      (await disputes(`/${caseId}/adjudicate`, { adjudication_outcome: 'BUYER_FAVOR' })).status,
    ).toBeLessThan(300);
    await settled(orderId, 22);
    const ended = await suite.db.query<{ payload: Json }>(
      `select payload from outbox_event where type = 'PaymentDisputeResolved' and payload->>'orderId' = $1`,
      [orderId],
    );
    expect(ended.rows).toEqual([
      {
        payload: expect.objectContaining({
          disputeId: (disputed.rows[0]!.payload as { disputeId: string }).disputeId,
          outcome: 'reversed',
        }),
      },
    ]);
    await pollUntil(async () => (await paymentStatus(client, orderId)) === 'Reversed', {
      timeoutMs: 30_000,
      what: 'the order to be Reversed',
    });
    expect(await orderEvents(orderId, 'OrderDisputeResolved')).toBe(1);
  });

  test('PayPal unreachable: the verification fails visibly, is retried, and the order is Paid once PayPal answers', async () => {
    const { client } = await world.customer();
    const orderId = await placeOrder(client, premiumId);
    await paypal.pause();
    try {
      await payAtSimulator(await checkoutFields(client, orderId));
      const failed = await pollUntil(
        async () => (await notifications(orderId)).find((row) => row.result === 'failed'),
        { timeoutMs: 30_000, what: 'a failed verification' },
      );
      expect(failed.detail).toMatch(/PayPal could not be reached .*; retrying/);
      expect(await paymentStatus(client, orderId)).toBe('UnPaid');
    } finally {
      await paypal.resume();
    }
    await pollUntil(async () => (await paymentStatus(client, orderId)) === 'Paid', {
      timeoutMs: 60_000,
      what: 'the order to be Paid after PayPal answers again',
    });
    expect((await notifications(orderId)).map((row) => row.result)).toStrictEqual(['applied']);
  }, 90_000);

  test('payment e-mails: admins add and change them, who and when is kept; customers cannot', async () => {
    const list = await admin.get('/api/admin/payment-accounts');
    assertStatus(list, 200);
    expect((list.body as Json[]).map((a) => a.paypalEmail)).toContain('payments@seo-agency.test');
    const added = await admin.post('/api/admin/payment-accounts', {
      paypalEmail: 'Billing@Agency.test',
    });
    assertStatus(added, 201);
    expect(added.body).toMatchObject({ paypalEmail: 'Billing@Agency.test', updatedBy: adminEmail });
    const id = String((added.body as Json)._id);
    const changed = await admin.put(`/api/admin/payment-accounts/${id}`, {
      paypalEmail: 'pay@agency.test',
    });
    expect(changed.body).toMatchObject({ paypalEmail: 'pay@agency.test', updatedBy: adminEmail });
    const bad = await admin.post('/api/admin/payment-accounts', { paypalEmail: 'nope' });
    expect((assertErrorBody(bad, 400).fields as Json).paypalEmail).toBe('Provide a Valid Email');
    const { client } = await world.customer();
    assertErrorBody(await client.get('/api/admin/payment-accounts'), 403);
    assertErrorBody(
      await client.put(`/api/admin/payment-accounts/${id}`, { paypalEmail: 'x@y.test' }),
      403,
    );
  });
});
