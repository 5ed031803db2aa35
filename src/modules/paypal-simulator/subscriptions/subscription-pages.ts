import { page } from '../checkout/checkout-pages.js';
import type { Json } from '../checkout/checkout-simulator.js';
import { escape } from '../simulator-look.js';
import {
  FIX_PAYMENT_PATH,
  SIMULATIONS,
  SUBSCRIPTION_APPROVAL_PATH,
  SUBSCRIPTIONS_DASHBOARD_PATH,
} from './subscription-simulator.js';

const PRODUCT = 'PayPal Subscriptions';
/** A page of the Subscriptions side, with the way to the testers' dashboard. */
const subscriptionPage = (body: string) =>
  page(
    `${body}\n<p><a href="${SUBSCRIPTIONS_DASHBOARD_PATH}">All simulated subscriptions</a></p>`,
    '',
    PRODUCT,
  );

interface PlanShown {
  name: string;
  price: string;
  currency: string;
}

const infoOf = (subscription: Json) => (subscription.billing_info ?? {}) as Json;
const dateOf = (time: unknown) => (typeof time === 'string' ? time.slice(0, 10) : '—');

/** What the buyer subscribes to and who is paid, with Subscribe and Cancel. */
export function subscriptionApprovalPage(subscription: Json, plan: PlanShown): string {
  const context = (subscription.application_context ?? {}) as Json;
  const id = String(subscription.id);
  const pending = subscription.status === 'APPROVAL_PENDING';
  return subscriptionPage(`<dl>
<dt>Pay to</dt><dd>${escape(String(context.brand_name ?? 'The shop'))}</dd>
<dt>Plan</dt><dd>${escape(plan.name)}</dd>
<dt>Price</dt><dd>${escape(`${plan.price} ${plan.currency}`)} / month</dd>
<dt>Billed</dt><dd>Today, then on this day every month until cancelled</dd>
<dt>Status</dt><dd data-status="${escape(String(subscription.status))}">${escape(String(subscription.status))}</dd>
</dl>
${
  pending
    ? `<form method="post" action="${SUBSCRIPTION_APPROVAL_PATH}">
<input type="hidden" name="ba_token" value="${escape(id)}">
<button type="submit" name="action" value="approve">Subscribe</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel and return to the shop</button>
</form>`
    : '<p>This subscription is not waiting for approval.</p>'
}`);
}

export function subscriptionNotFoundPage(): string {
  return subscriptionPage('<p>This PayPal subscription does not exist.</p>');
}

/** Where the customer's "fix it at PayPal" link goes: what is owed, and a button that pays it. */
export function fixPaymentPage(subscription: Json, plan: PlanShown, notice?: string): string {
  const info = infoOf(subscription);
  const balance = (info.outstanding_balance ?? {}) as Json;
  const id = String(subscription.id);
  const open = subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED';
  return subscriptionPage(`<h2>Update your payment method</h2>
${notice ? `<p id="simulator-notice">${escape(notice)}</p>` : ''}
<dl>
<dt>Subscription</dt><dd>${escape(id)}</dd>
<dt>Plan</dt><dd>${escape(`${plan.name}: ${plan.price} ${plan.currency} / month`)}</dd>
<dt>Status</dt><dd data-status="${escape(String(subscription.status))}">${escape(String(subscription.status))}</dd>
<dt>Failed payments</dt><dd>${escape(String(info.failed_payments_count ?? 0))}</dd>
<dt>Outstanding</dt><dd>${escape(`${String(balance.value ?? '0.00')} ${String(balance.currency_code ?? plan.currency)}`)}</dd>
</dl>
${
  open
    ? `<form method="post" action="${FIX_PAYMENT_PATH}/${escape(id)}">
<button type="submit">Use a working card and pay what is owed</button>
</form>`
    : '<p>This subscription is closed: there is nothing to pay.</p>'
}`);
}

/** The controls' outcomes, as the dashboard says them after a post. */
export const DASHBOARD_NOTICES = {
  charge: 'Charged: PAYMENT.SALE.COMPLETED sent.',
  fail: 'Payment failed: BILLING.SUBSCRIPTION.PAYMENT.FAILED sent.',
  suspend: 'Suspended: BILLING.SUBSCRIPTION.SUSPENDED sent.',
  cancel: 'Cancelled: BILLING.SUBSCRIPTION.CANCELLED sent.',
  refused: 'Not done: the subscription’s status does not allow it.',
} as const;
export type DashboardNotice = keyof typeof DASHBOARD_NOTICES;

const CONTROL_LABELS = {
  charge: 'Charge now',
  fail: 'Fail a payment',
  suspend: 'Suspend',
  cancel: 'Cancel',
} as const;

/**
 * The testers' dashboard: every simulated subscription with what PayPal knows of it, and a control
 * for each thing PayPal could do to it (a month's charge, a declined payment, suspension, cancelling).
 */
export function subscriptionsDashboardPage(
  rows: { subscription: Json; price: string; currency: string }[],
  notice: DashboardNotice | null,
): string {
  const lines = rows.map(({ subscription, price, currency }) => {
    const id = escape(String(subscription.id));
    const info = infoOf(subscription);
    const controls = SIMULATIONS.map(
      (action) =>
        `<button type="submit" name="action" value="${action}"${action === 'charge' ? '' : ' class="secondary"'}>${CONTROL_LABELS[action]}</button>`,
    ).join(' ');
    return `<tr data-subscription-id="${id}">
<td>${id}</td><td>${escape(String(subscription.custom_id ?? ''))}</td>
<td>${escape(`${price} ${currency}`)}</td><td>${escape(String(subscription.status))}</td>
<td>${escape(dateOf(info.next_billing_time))}</td><td>${escape(String(info.failed_payments_count ?? 0))}</td>
<td><form method="post" action="${SUBSCRIPTIONS_DASHBOARD_PATH}/${id}/simulate">${controls}</form>
<a href="${FIX_PAYMENT_PATH}/${id}">Fix payment</a></td>
</tr>`;
  });
  return subscriptionPage(`<style>body{max-width:72rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}
td button{padding:.35rem 1rem;font-size:.85rem;margin:.1rem 0}</style>
<h2>Subscriptions</h2>
${notice ? `<p id="simulator-notice">${escape(DASHBOARD_NOTICES[notice])}</p>` : ''}
${
  lines.length === 0
    ? '<p>No subscriptions yet: subscribe to a monthly package in the shop.</p>'
    : `<table><thead><tr><th>Subscription</th><th>Custom id</th><th>Price / month</th><th>Status</th>
<th>Next billing</th><th>Failed</th><th>Simulate</th></tr></thead>
<tbody>${lines.join('\n')}</tbody></table>`
}`);
}
