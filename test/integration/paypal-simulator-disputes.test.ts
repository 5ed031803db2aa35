/**
 * The PayPal simulator's disputes, against the built server over real HTTP: a buyer's dispute of a
 * payment the simulator took, and PayPal's decision, sent as PayPal sends them. PayPal Checkout: signed
 * CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED webhooks (caught by a recorder here) carrying the
 * Disputes API's dispute, which the simulator's signature check confirms byte for byte. Payments
 * Standard: IPNs (new_case, then Reversed or Canceled_Reversal) posted to the shop's listener and
 * answered VERIFIED on postback. The shop's handling of them is the payments module's (tested there).
 *
 *   npm run build:server && npm run test:integration -- test/integration/paypal-simulator-disputes.test.ts
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type Json } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { simulatorAccessToken } from '../support/paypal-simulator.js';
import {
  type RecordedWebhook,
  startWebhookRecorder,
  type WebhookRecorder,
} from '../support/webhook-recorder.js';
import { useWorld } from '../support/world.js';

const SIM = '/paypal-simulator';
const IPN = '/api/payments/paypal/ipn';

let recorder: WebhookRecorder;

const world = useWorld(async () => {
  recorder = await startWebhookRecorder();
  return { name: 'paypal-simulator-disputes', env: { PAYPAL_SIMULATOR_WEBHOOK_URL: recorder.url } };
});

afterAll(() => recorder?.close());

describe('disputes in the PayPal simulator', () => {
  let base: string;
  let token: string;

  /** A call to the simulator's REST API with its OAuth token. */
  async function call(method: string, path: string, body?: unknown, bearer = token) {
    const response = await fetch(`${base}${SIM}${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  /** A completed Checkout capture of `amount` for the order `customId`. */
  async function checkoutCapture(customId: string, amount = '499.00'): Promise<string> {
    const created = await call('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: customId,
          invoice_id: customId,
          amount: { currency_code: 'USD', value: amount },
        },
      ],
    });
    expect(created.status).toBe(201);
    const paypalOrderId = String(created.body.id);
    const approved = await fetch(`${base}${SIM}/checkoutnow`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: paypalOrderId, action: 'pay' }).toString(),
    });
    expect(approved.status).toBe(200);
    const captured = await call('POST', `/v2/checkout/orders/${paypalOrderId}/capture`, {});
    expect(captured.status).toBe(201);
    const unit = (captured.body.purchase_units as Json[])[0]!;
    return String(((unit.payments as Json).captures as Json[])[0]!.id);
  }

  /** A completed Payments Standard payment for the order `custom`: its txn_id. */
  async function standardPayment(custom: string): Promise<string> {
    const paid = await fetch(`${base}${SIM}/cgi-bin/webscr`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cmd: '_simulator-pay',
        notify_url: `${world.api.publicUrl}${IPN}`,
        business: 'shop@seo-agency.test',
        item_name: 'Premium',
        item_number: 'premium',
        amount: '499.00',
        currency_code: 'USD',
        custom,
        return: '/thanks',
      }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const { rows } = await world.db.query<{ txn_id: string }>(
      `select txn_id from paypal_simulator_payment where fields->>'custom' = $1`,
      [custom],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!.txn_id;
  }

  /** The IPN the shop's listener stored whose fields match, as its bytes and its fields. */
  const storedIpn = (matches: (fields: URLSearchParams) => boolean, what: string) =>
    pollUntil(
      async () => {
        const { rows } = await world.db.query<{ raw: Buffer }>(
          `select raw from payment_notification where channel = 'ipn' order by received_at desc`,
        );
        const row = rows.find((candidate) =>
          matches(new URLSearchParams(candidate.raw.toString('utf8'))),
        );
        return row
          ? { raw: row.raw, fields: new URLSearchParams(row.raw.toString('utf8')) }
          : undefined;
      },
      { timeoutMs: 15_000, what },
    );

  /** PayPal's IPN postback, as the shop makes it. */
  async function postback(raw: Buffer): Promise<string> {
    const answer = await fetch(`${base}${SIM}/cgi-bin/webscr`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.concat([Buffer.from('cmd=_notify-validate&'), raw]),
    });
    return answer.text();
  }

  /** PayPal's signature check of a webhook event, as the shop asks for it. */
  async function verification(recorded: RecordedWebhook, event: unknown = recorded.event) {
    const header = (name: string) => String(recorded.headers[name]);
    const answer = await call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
      webhook_id: 'SIMULATOR-WEBHOOK-ID',
      webhook_event: event,
    });
    return answer.body.verification_status;
  }

  beforeAll(async () => {
    base = world.api.baseUrl;
    token = await simulatorAccessToken(base);
  }, 120_000);

  test('Checkout: a dispute is opened, escalated and resolved with signed CUSTOMER.DISPUTE.* webhooks in PayPal’s shape', async () => {
    const orderId = randomUUID();
    const captureId = await checkoutCapture(orderId);

    const opened = await call('POST', '/v1/customer/disputes', {
      transaction_id: captureId,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    });
    expect(opened.status).toBe(201);
    const disputeId = String(opened.body.dispute_id);
    expect(disputeId).toMatch(/^PP-D-\d+$/);
    const ofThisDispute = (resource: Json) => resource.dispute_id === disputeId;

    const created = await recorder.waitFor('CUSTOMER.DISPUTE.CREATED', ofThisDispute);
    expect(created.event).toMatchObject({
      event_version: '1.0',
      resource_type: 'dispute',
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      resource: {
        dispute_id: disputeId,
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: 'WAITING_FOR_SELLER_RESPONSE',
        dispute_amount: { currency_code: 'USD', value: '499.00' },
        dispute_life_cycle_stage: 'INQUIRY',
        disputed_transactions: [
          expect.objectContaining({
            seller_transaction_id: captureId,
            custom: orderId,
            gross_amount: { currency_code: 'USD', value: '499.00' },
          }),
        ],
      },
    });
    expect(created.event.id).toMatch(/^WH-/);
    expect(created.headers['paypal-transmission-id']).toBeTruthy();
    // Verifiable as PayPal's are: the event as sent, and nothing else.
    expect(await verification(created)).toBe('SUCCESS');
    const forged = { ...created.event, resource: { ...created.event.resource, reason: 'OTHER' } };
    expect(await verification(created, forged)).toBe('FAILURE');
    expect((await call('GET', `/v1/customer/disputes/${disputeId}`)).body).toStrictEqual(
      created.event.resource,
    );

    // One open dispute per transaction.
    const again = await call('POST', '/v1/customer/disputes', { transaction_id: captureId });
    expect(again.status).toBe(422);
    expect((again.body.details as Json[])[0]).toMatchObject({ issue: 'DISPUTE_ALREADY_OPEN' });

    expect((await call('POST', `/v1/customer/disputes/${disputeId}/escalate`)).status).toBe(200);
    const updated = await recorder.waitFor('CUSTOMER.DISPUTE.UPDATED', ofThisDispute);
    expect(updated.event.resource).toMatchObject({
      status: 'UNDER_REVIEW',
      dispute_life_cycle_stage: 'CHARGEBACK',
    });
    expect(await verification(updated)).toBe('SUCCESS');

    const settled = await call('POST', `/v1/customer/disputes/${disputeId}/adjudicate`, {
      adjudication_outcome: 'SELLER_FAVOR',
    });
    expect(settled.status).toBe(200);
    const resolved = await recorder.waitFor('CUSTOMER.DISPUTE.RESOLVED', ofThisDispute);
    expect(resolved.event.resource).toMatchObject({
      status: 'RESOLVED',
      dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' },
    });
    expect(await verification(resolved)).toBe('SUCCESS');
    const twice = await call('POST', `/v1/customer/disputes/${disputeId}/adjudicate`, {
      adjudication_outcome: 'BUYER_FAVOR',
    });
    expect(twice.status).toBe(422);
    expect((twice.body.details as Json[])[0]).toMatchObject({ issue: 'DISPUTE_NOT_OPEN' });
  });

  test('Checkout: the buyer’s favour resolves with a refund of the disputed amount', async () => {
    const captureId = await checkoutCapture(randomUUID());
    const opened = await call('POST', '/v1/customer/disputes', {
      transaction_id: captureId,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED',
      amount: '200.00',
    });
    const disputeId = String(opened.body.dispute_id);
    await call('POST', `/v1/customer/disputes/${disputeId}/adjudicate`, {
      adjudication_outcome: 'BUYER_FAVOR',
    });
    const resolved = await recorder.waitFor(
      'CUSTOMER.DISPUTE.RESOLVED',
      (resource) => resource.dispute_id === disputeId,
    );
    expect(resolved.event.resource).toMatchObject({
      dispute_amount: { currency_code: 'USD', value: '200.00' },
      dispute_outcome: {
        outcome_code: 'RESOLVED_BUYER_FAVOUR',
        amount_refunded: { currency_code: 'USD', value: '200.00' },
      },
    });
  });

  test('Payments Standard: new_case, then Reversed and Canceled_Reversal, as IPNs the shop’s listener stores and PayPal verifies', async () => {
    const orderId = randomUUID();
    const txnId = await standardPayment(orderId);

    const opened = await call('POST', '/v1/customer/disputes', {
      transaction_id: txnId,
      reason: 'UNAUTHORISED',
    });
    expect(opened.status).toBe(201);
    const caseId = String(opened.body.dispute_id);

    const newCase = await storedIpn(
      (fields) => fields.get('txn_type') === 'new_case' && fields.get('case_id') === caseId,
      'the new_case IPN',
    );
    expect(Object.fromEntries(newCase.fields)).toMatchObject({
      case_type: 'chargeback',
      reason_code: 'unauthorized_claim',
      txn_id: txnId,
      custom: orderId,
      receiver_email: 'shop@seo-agency.test',
      mc_gross: '499.00',
      mc_currency: 'USD',
    });
    expect(await postback(newCase.raw)).toBe('VERIFIED');
    expect(await postback(Buffer.from(newCase.raw.toString().replace('499.00', '1.00')))).toBe(
      'INVALID',
    );

    await call('POST', `/v1/customer/disputes/${caseId}/adjudicate`, {
      adjudication_outcome: 'BUYER_FAVOR',
    });
    const reversed = await storedIpn(
      (fields) => fields.get('payment_status') === 'Reversed' && fields.get('case_id') === caseId,
      'the Reversed IPN',
    );
    expect(Object.fromEntries(reversed.fields)).toMatchObject({
      parent_txn_id: txnId,
      reason_code: 'chargeback',
      mc_gross: '-499.00',
      custom: orderId,
    });
    expect(reversed.fields.get('txn_id')).not.toBe(txnId);
    expect(await postback(reversed.raw)).toBe('VERIFIED');

    await call('POST', `/v1/customer/disputes/${caseId}/adjudicate`, {
      adjudication_outcome: 'SELLER_FAVOR',
    });
    const cancelled = await storedIpn(
      (fields) =>
        fields.get('payment_status') === 'Canceled_Reversal' && fields.get('case_id') === caseId,
      'the Canceled_Reversal IPN',
    );
    expect(Object.fromEntries(cancelled.fields)).toMatchObject({
      parent_txn_id: txnId,
      mc_gross: '499.00',
      custom: orderId,
    });
    expect(await postback(cancelled.raw)).toBe('VERIFIED');
  });

  test('refuses what PayPal would: no token, an unknown payment, a malformed request', async () => {
    expect(
      (await call('POST', '/v1/customer/disputes', { transaction_id: 'X' }, 'nope')).status,
    ).toBe(401);
    const unknown = await call('POST', '/v1/customer/disputes', {
      transaction_id: 'NOSUCHCAPTURE1',
    });
    expect(unknown.status).toBe(404);
    const malformed = await call('POST', '/v1/customer/disputes', {
      transaction_id: 'not an id',
      reason: 'BORED',
    });
    expect(malformed.status).toBe(400);
    expect((malformed.body.details as Json[]).map((detail) => detail.field).sort()).toStrictEqual([
      'reason',
      'transaction_id',
    ]);
    const tooMuch = await call('POST', '/v1/customer/disputes', {
      transaction_id: await checkoutCapture(randomUUID(), '49.00'),
      amount: '50.00',
    });
    expect(tooMuch.status).toBe(422);
    const badOutcome = await call('POST', '/v1/customer/disputes/PP-D-1/adjudicate', {
      adjudication_outcome: 'MAYBE',
    });
    expect(badOutcome.status).toBe(400);
  });

  test('the Resolution Center page opens and resolves a dispute with its buttons', async () => {
    const orderId = randomUUID();
    const captureId = await checkoutCapture(orderId);
    const page = async () => {
      const answer = await fetch(`${base}${SIM}/resolutioncenter?done=opened`);
      expect(answer.status).toBe(200);
      return answer.text();
    };
    const before = await page();
    expect(before).toContain(`data-transaction-id="${captureId}"`);
    expect(before).toContain(orderId);

    const submit = (fields: Record<string, string>) =>
      fetch(`${base}${SIM}/resolutioncenter`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    const opened = await submit({
      action: 'open',
      transaction_id: captureId,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${SIM}/resolutioncenter?done=opened`);
    const created = await recorder.waitFor(
      'CUSTOMER.DISPUTE.CREATED',
      (resource) =>
        (resource.disputed_transactions as Json[])[0]?.seller_transaction_id === captureId,
    );
    const disputeId = String(created.event.resource.dispute_id);
    const listed = await page();
    expect(listed).toContain('Dispute opened: the shop was told as PayPal tells it.');
    expect(listed).toContain(`data-dispute-id="${disputeId}"`);

    const resolved = await submit({
      action: 'resolve',
      dispute_id: disputeId,
      outcome: 'BUYER_FAVOR',
    });
    expect(resolved.headers.get('location')).toBe(`${SIM}/resolutioncenter?done=resolved`);
    await recorder.waitFor(
      'CUSTOMER.DISPUTE.RESOLVED',
      (resource) => resource.dispute_id === disputeId,
    );
    // Resolved already: the page says it could not be done.
    const again = await submit({
      action: 'resolve',
      dispute_id: disputeId,
      outcome: 'SELLER_FAVOR',
    });
    expect(again.headers.get('location')).toBe(`${SIM}/resolutioncenter?done=refused`);
    expect(
      (await submit({ action: 'resolve', dispute_id: disputeId, outcome: 'MAYBE' })).status,
    ).toBe(400);
  });
});
