/**
 * The PayPal simulator's Subscriptions side, against the built server over real HTTP: catalog products,
 * billing plans and subscriptions as PayPal's REST API answers them, the buyer's approval and
 * fix-payment pages, the testers' dashboard that makes PayPal bill, fail, suspend or cancel, and the
 * signed BILLING.SUBSCRIPTION.* and PAYMENT.SALE.COMPLETED webhooks (caught by a recorder here) that the
 * simulator's signature check confirms byte for byte. The shop's handling of them is the payments
 * module's (tested there).
 *
 *   npm run build:server && npm run test:integration -- test/integration/paypal-simulator-subscriptions.test.ts
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { type Json } from '../support/identity.js';
import { simulatorAccessToken } from '../support/paypal-simulator.js';
import {
  type RecordedWebhook,
  startWebhookRecorder,
  type WebhookRecorder,
} from '../support/webhook-recorder.js';
import { useWorld } from '../support/world.js';

const SIM = '/paypal-simulator';

let recorder: WebhookRecorder;

const world = useWorld(async () => {
  recorder = await startWebhookRecorder();
  return {
    name: 'paypal-simulator-subscriptions',
    env: { PAYPAL_SIMULATOR_WEBHOOK_URL: recorder.url },
  };
});

afterAll(() => recorder?.close());

describe('subscriptions in the PayPal simulator', () => {
  let base: string;
  let token: string;

  /** A call to the simulator's REST API with its OAuth token. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    { bearer = token, requestId }: { bearer?: string; requestId?: string } = {},
  ) {
    const response = await fetch(`${base}${SIM}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        'content-type': 'application/json',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  }

  /** A form posted to one of the simulator's pages (as the buyer's or tester's browser does). */
  const post = (path: string, fields: Record<string, string>, accept?: string) =>
    fetch(`${base}${SIM}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(accept ? { accept } : {}),
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  /** A tester's control on the dashboard, answered as JSON: the subscription after it. */
  async function simulate(id: string, action: string) {
    const answer = await post(
      `/billing/subscriptions/${id}/simulate`,
      { action },
      'application/json',
    );
    return { status: answer.status, body: (await answer.json()) as Json };
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

  /** The events of one subscription so far (sales by their billing_agreement_id). */
  const eventsOf = (id: string) =>
    recorder.events.filter(
      (e) => e.event.resource.id === id || e.event.resource.billing_agreement_id === id,
    );

  /** Waits for the `count`-th event of the type about the subscription `id`. */
  async function nth(type: string, id: string, count: number): Promise<RecordedWebhook[]> {
    await recorder.waitFor(
      type,
      () => eventsOf(id).filter((e) => e.event.event_type === type).length >= count,
    );
    return eventsOf(id).filter((e) => e.event.event_type === type);
  }

  /** A product and an active monthly plan of `price` USD: the plan's id. */
  async function monthlyPlan(price = '499.00', threshold?: number): Promise<string> {
    const product = await call('POST', '/v1/catalogs/products', {
      name: 'Premium SEO',
      description: 'Monthly retainer',
      type: 'SERVICE',
      category: 'SOFTWARE',
    });
    expect(product.status).toBe(201);
    const plan = await call('POST', '/v1/billing/plans', {
      product_id: product.body.id,
      name: `Premium ${price}/month`,
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: price, currency_code: 'USD' } },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        ...(threshold === undefined ? {} : { payment_failure_threshold: threshold }),
      },
    });
    expect(plan.status).toBe(201);
    return String(plan.body.id);
  }

  /** A subscription to `planId` for the shop's order `customId`, approved by the buyer: its id. */
  async function activeSubscription(planId: string, customId = randomUUID()): Promise<string> {
    const created = await call('POST', '/v1/billing/subscriptions', {
      plan_id: planId,
      custom_id: customId,
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect(
      (await post('/webapps/billing/subscriptions', { ba_token: id, action: 'approve' })).status,
    ).toBe(200);
    await nth('PAYMENT.SALE.COMPLETED', id, 1);
    return id;
  }

  beforeAll(async () => {
    base = world.api.baseUrl;
    token = await simulatorAccessToken(base);
  }, 120_000);

  test('a subscription’s life: approval, monthly charges, failures to suspension, fixed payment, cancellation — each a signed webhook', async () => {
    const product = await call('POST', '/v1/catalogs/products', {
      name: 'Premium SEO',
      type: 'SERVICE',
      category: 'SOFTWARE',
    });
    expect(product.status).toBe(201);
    expect(product.body).toMatchObject({ id: expect.stringMatching(/^PROD-/), type: 'SERVICE' });
    expect(
      (await call('GET', `/v1/catalogs/products/${String(product.body.id)}`)).body,
    ).toMatchObject({ name: 'Premium SEO' });
    const planId = await monthlyPlan();
    const plan = await call('GET', `/v1/billing/plans/${planId}`);
    expect(plan.body).toMatchObject({
      id: planId,
      status: 'ACTIVE',
      payment_preferences: { payment_failure_threshold: 3 },
    });

    const orderId = randomUUID();
    const created = await call('POST', '/v1/billing/subscriptions', {
      plan_id: planId,
      custom_id: orderId,
      subscriber: { email_address: 'customer@example.test' },
      application_context: {
        brand_name: 'SEO Agency',
        user_action: 'SUBSCRIBE_NOW',
        return_url: `${base}/received-payment/${orderId}`,
        cancel_url: `${base}/pay-now/${orderId}`,
      },
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect(id).toMatch(/^I-[A-Z0-9]{12}$/);
    expect(created.body).toMatchObject({
      status: 'APPROVAL_PENDING',
      plan_id: planId,
      custom_id: orderId,
    });
    const approve = (created.body.links as Json[]).find((link) => link.rel === 'approve');
    expect(approve?.href).toBe(
      `${world.api.publicUrl}${SIM}/webapps/billing/subscriptions?ba_token=${id}`,
    );

    // The buyer sees what they subscribe to, and subscribes.
    const page = await fetch(`${base}${SIM}/webapps/billing/subscriptions?ba_token=${id}`);
    expect(page.status).toBe(200);
    const pageText = await page.text();
    expect(pageText).toContain('499.00 USD');
    expect(pageText).toContain('SEO Agency');
    const approved = await post('/webapps/billing/subscriptions', {
      ba_token: id,
      action: 'approve',
    });
    expect(approved.status).toBe(200);
    const result = await approved.text();
    expect(result).toContain(`data-result="approved" data-order-id="${id}"`);
    expect(result).toContain(`/received-payment/${orderId}`);

    const [activated] = await nth('BILLING.SUBSCRIPTION.ACTIVATED', id, 1);
    expect(activated!.event).toMatchObject({
      resource_type: 'subscription',
      resource: { id, status: 'ACTIVE', custom_id: orderId },
    });
    expect(await verification(activated!)).toBe('SUCCESS');
    const [firstSale] = await nth('PAYMENT.SALE.COMPLETED', id, 1);
    expect(firstSale!.event).toMatchObject({
      resource_type: 'sale',
      resource: {
        state: 'completed',
        amount: { total: '499.00', currency: 'USD' },
        billing_agreement_id: id,
        custom: orderId,
      },
    });
    expect(firstSale!.event.resource.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(await verification(firstSale!)).toBe('SUCCESS');
    const forged = { ...firstSale!.event, resource: { ...firstSale!.event.resource, custom: 'x' } };
    expect(await verification(firstSale!, forged)).toBe('FAILURE');

    const active = (await call('GET', `/v1/billing/subscriptions/${id}`)).body;
    const info = active.billing_info as Json;
    expect(active).toMatchObject({
      status: 'ACTIVE',
      subscriber: { email_address: 'customer@example.test' },
    });
    expect(info).toMatchObject({
      last_payment: { amount: { currency_code: 'USD', value: '499.00' } },
      failed_payments_count: 0,
      cycle_executions: [expect.objectContaining({ cycles_completed: 1 })],
    });
    const start = new Date(String(active.start_time));
    const firstNext = new Date(String(info.next_billing_time));
    expect(monthsBetween(start, firstNext)).toBe(1);

    // A month later: the second charge, and the next bill one month on.
    const charged = await simulate(id, 'charge');
    expect(charged.status).toBe(200);
    const secondNext = new Date(String((charged.body.billing_info as Json).next_billing_time));
    expect(monthsBetween(firstNext, secondNext)).toBe(1);
    const sales = await nth('PAYMENT.SALE.COMPLETED', id, 2);
    expect(sales[1]!.event.resource.id).not.toBe(sales[0]!.event.resource.id);

    // Three declined payments: PAYMENT.FAILED each, then suspended.
    for (const count of [1, 2, 3]) {
      const failed = await simulate(id, 'fail');
      expect(failed.status).toBe(200);
      expect(failed.body.billing_info).toMatchObject({
        failed_payments_count: count,
        last_failed_payment: { reason_code: 'PAYMENT_DENIED' },
      });
    }
    const failures = await nth('BILLING.SUBSCRIPTION.PAYMENT.FAILED', id, 3);
    expect(
      failures.map((e) => (e.event.resource.billing_info as Json).failed_payments_count),
    ).toStrictEqual([1, 2, 3]);
    expect(await verification(failures[2]!)).toBe('SUCCESS');
    const [suspended] = await nth('BILLING.SUBSCRIPTION.SUSPENDED', id, 1);
    expect(suspended!.event.resource).toMatchObject({ status: 'SUSPENDED' });
    const owing = (await call('GET', `/v1/billing/subscriptions/${id}`)).body;
    expect(owing.status).toBe('SUSPENDED');
    expect((owing.billing_info as Json).outstanding_balance).toStrictEqual({
      currency_code: 'USD',
      value: '499.00',
    });
    expect((owing.billing_info as Json).next_billing_time).toBeUndefined();
    // Charging a suspended subscription is refused.
    expect((await simulate(id, 'charge')).status).toBe(422);

    // The customer fixes the payment method: the failed month is paid, and the subscription is active.
    const fixPage = await fetch(`${base}${SIM}/myaccount/autopay/connect/${id}`);
    expect(fixPage.status).toBe(200);
    expect(await fixPage.text()).toContain('Update your payment method');
    const fixed = await post(`/myaccount/autopay/connect/${id}`, {});
    expect(fixed.status).toBe(200);
    const reactivated = await nth('BILLING.SUBSCRIPTION.ACTIVATED', id, 2);
    expect(reactivated[1]!.event.resource).toMatchObject({
      status: 'ACTIVE',
      billing_info: { failed_payments_count: 0, outstanding_balance: { value: '0.00' } },
    });
    const paid = await nth('PAYMENT.SALE.COMPLETED', id, 3);
    expect(paid[2]!.event.resource).toMatchObject({ amount: { total: '499.00' } });

    // Cancelled: no next bill, the last payment kept; cancelling again or suspending is refused.
    expect(
      (await call('POST', `/v1/billing/subscriptions/${id}/cancel`, { reason: 'Not needed' }))
        .status,
    ).toBe(204);
    const [cancelled] = await nth('BILLING.SUBSCRIPTION.CANCELLED', id, 1);
    expect(cancelled!.event.resource).toMatchObject({
      status: 'CANCELLED',
      status_change_note: 'Not needed',
    });
    expect(await verification(cancelled!)).toBe('SUCCESS');
    const closed = (await call('GET', `/v1/billing/subscriptions/${id}`)).body;
    expect(closed.status).toBe('CANCELLED');
    expect((closed.billing_info as Json).next_billing_time).toBeUndefined();
    expect((closed.billing_info as Json).last_payment).toMatchObject({
      amount: { value: '499.00' },
    });
    const refused = await call('POST', `/v1/billing/subscriptions/${id}/suspend`, { reason: 'x' });
    expect(refused.status).toBe(422);
    expect((refused.body.details as Json[])[0]).toMatchObject({
      issue: 'SUBSCRIPTION_STATUS_INVALID',
    });

    // Every charge attempt, oldest first.
    const window = new URLSearchParams({
      start_time: new Date(Date.now() - 3_600_000).toISOString(),
      end_time: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const transactions = await call(
      'GET',
      `/v1/billing/subscriptions/${id}/transactions?${window.toString()}`,
    );
    expect(transactions.status).toBe(200);
    expect(
      (transactions.body.transactions as Json[]).map((t) => [
        t.status,
        (t.amount_with_breakdown as { gross_amount: Json }).gross_amount.value,
      ]),
    ).toStrictEqual([
      ['COMPLETED', '499.00'],
      ['COMPLETED', '499.00'],
      ['DECLINED', '499.00'],
      ['DECLINED', '499.00'],
      ['DECLINED', '499.00'],
      ['COMPLETED', '499.00'],
    ]);
    expect((transactions.body.transactions as Json[])[0]!.id).toBe(sales[0]!.event.resource.id);
    expect(transactions.body.total_items).toBe(6);
  });

  test('PayPal-Request-Id makes a create happen once; the buyer may cancel the approval', async () => {
    const planId = await monthlyPlan('99.50');
    const requestId = randomUUID();
    const body = { plan_id: planId, custom_id: randomUUID() };
    const first = await call('POST', '/v1/billing/subscriptions', body, { requestId });
    const again = await call('POST', '/v1/billing/subscriptions', body, { requestId });
    expect(first.status).toBe(201);
    expect(again).toStrictEqual(first);
    const other = await call('POST', '/v1/billing/subscriptions', body, {
      requestId: randomUUID(),
    });
    expect(other.body.id).not.toBe(first.body.id);

    const id = String(first.body.id);
    const cancelled = await post('/webapps/billing/subscriptions', {
      ba_token: id,
      action: 'cancel',
    });
    const cancelledPage = await cancelled.text();
    expect(cancelledPage).toContain(`data-result="cancelled" data-order-id="${id}"`);
    // Without the shop's cancel_url: back to the order's pay page, as from Checkout.
    expect(cancelledPage).toContain(`/pay-now/${body.custom_id}`);
    expect((await call('GET', `/v1/billing/subscriptions/${id}`)).body.status).toBe(
      'APPROVAL_PENDING',
    );
    // Not active: the tester cannot charge it.
    expect((await simulate(id, 'charge')).status).toBe(422);
  });

  test('suspend, activate and revise through the API; the dashboard lists and controls subscriptions', async () => {
    const planId = await monthlyPlan('200.00');
    const customId = randomUUID();
    const id = await activeSubscription(planId, customId);

    expect(
      (await call('POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'x' })).status,
    ).toBe(422);
    expect(
      (await call('POST', `/v1/billing/subscriptions/${id}/suspend`, { reason: 'Paused' })).status,
    ).toBe(204);
    await nth('BILLING.SUBSCRIPTION.SUSPENDED', id, 1);
    expect(
      (await call('POST', `/v1/billing/subscriptions/${id}/activate`, { reason: 'Back' })).status,
    ).toBe(204);
    await nth('BILLING.SUBSCRIPTION.ACTIVATED', id, 2);

    const dearer = await monthlyPlan('250.00');
    const revised = await call('POST', `/v1/billing/subscriptions/${id}/revise`, {
      plan_id: dearer,
    });
    expect(revised.status).toBe(200);
    expect(revised.body.plan_id).toBe(dearer);
    const [updated] = await nth('BILLING.SUBSCRIPTION.UPDATED', id, 1);
    expect(updated!.event.resource).toMatchObject({ plan_id: dearer });

    const dashboard = await fetch(`${base}${SIM}/billing/subscriptions`);
    const html = await dashboard.text();
    expect(html).toContain(`data-subscription-id="${id}"`);
    expect(html).toContain(customId);
    expect(html).toContain('250.00 USD');

    // The dashboard's control: charged at the revised price, back to the dashboard.
    const charged = await post(`/billing/subscriptions/${id}/simulate`, { action: 'charge' });
    expect(charged.status).toBe(303);
    expect(charged.headers.get('location')).toBe(`${SIM}/billing/subscriptions?done=charge`);
    const sales = await nth('PAYMENT.SALE.COMPLETED', id, 2);
    expect(sales[1]!.event.resource).toMatchObject({ amount: { total: '250.00' } });
    const cancelled = await post(`/billing/subscriptions/${id}/simulate`, { action: 'cancel' });
    expect(cancelled.headers.get('location')).toBe(`${SIM}/billing/subscriptions?done=cancel`);
    await nth('BILLING.SUBSCRIPTION.CANCELLED', id, 1);
    const again = await post(`/billing/subscriptions/${id}/simulate`, { action: 'suspend' });
    expect(again.headers.get('location')).toBe(`${SIM}/billing/subscriptions?done=refused`);
    expect(
      (await post(`/billing/subscriptions/${id}/simulate`, { action: 'explode' })).status,
    ).toBe(400);
  });

  test('refuses what PayPal would: no token, unknown ids, malformed requests', async () => {
    expect(
      (
        await call(
          'POST',
          '/v1/catalogs/products',
          { name: 'X', type: 'SERVICE' },
          { bearer: 'nope' },
        )
      ).status,
    ).toBe(401);
    expect(
      (await call('GET', '/v1/billing/subscriptions/I-NOSUCHONE000', undefined, { bearer: 'nope' }))
        .status,
    ).toBe(401);
    expect((await call('GET', '/v1/billing/subscriptions/I-NOSUCHONE000')).status).toBe(404);
    expect((await call('GET', '/v1/billing/plans/P-NOSUCHPLAN')).status).toBe(404);
    expect((await call('GET', '/v1/catalogs/products/PROD-NOSUCH')).status).toBe(404);

    const noProduct = await call('POST', '/v1/billing/plans', {
      product_id: 'PROD-NOSUCH',
      name: 'Nothing',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: '10.00', currency_code: 'USD' } },
        },
      ],
    });
    expect(noProduct.status).toBe(400);
    expect((noProduct.body.details as Json[])[0]).toMatchObject({ field: 'product_id' });
    const badPrice = await call('POST', '/v1/billing/plans', {
      product_id: 'PROD-NOSUCH',
      name: 'Bad',
      billing_cycles: [
        {
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          pricing_scheme: { fixed_price: { value: 'ten', currency_code: 'USD' } },
        },
      ],
    });
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.name).toBe('INVALID_REQUEST');
    const noPlan = await call('POST', '/v1/billing/subscriptions', { plan_id: 'P-NOSUCHPLAN' });
    expect(noPlan.status).toBe(400);
    const noWindow = await call('GET', '/v1/billing/subscriptions/I-NOSUCHONE000/transactions');
    expect(noWindow.status).toBe(400);
    const unknownPage = await fetch(
      `${base}${SIM}/webapps/billing/subscriptions?ba_token=I-NOSUCHONE000`,
    );
    expect(unknownPage.status).toBe(404);
  });
});

/** Whole calendar months from `from` to `to` on the same day of the month (or the month's last). */
function monthsBetween(from: Date, to: Date): number {
  return (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
}
