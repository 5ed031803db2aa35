import { PAYPAL_SIMULATOR_ROOT } from '../../../contracts/paypal-simulator.js';
import { escape, SIMULATOR_STYLE } from '../simulator-look.js';
import { DISPUTE_REASONS, type DisputablePayment, type DisputeRow } from './dispute-simulator.js';

/** Where the page is, at PayPal's path; its forms post back to it. */
export const RESOLUTION_CENTRE_PATH = `${PAYPAL_SIMULATOR_ROOT}/resolutioncenter`;

/** What the last action did (`?done=`): fixed texts, nothing of the address is echoed. */
export const NOTICES = {
  opened: 'Dispute opened: the shop was told as PayPal tells it.',
  escalated: 'Dispute escalated to a claim: the shop was told.',
  resolved: 'Dispute resolved: the shop was told.',
  refused: 'That could not be done (the dispute or payment changed meanwhile): see below.',
} as const;
export type Notice = keyof typeof NOTICES;

const REASON_TEXTS: Record<keyof typeof DISPUTE_REASONS, string> = {
  MERCHANDISE_OR_SERVICE_NOT_RECEIVED: 'Not received',
  MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED: 'Not as described',
  UNAUTHORISED: 'Unauthorised (a chargeback)',
  OTHER: 'Other',
};

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`;

const button = (name: string, value: string, text: string, secondary = false) =>
  `<button type="submit" name="${name}" value="${escape(value)}"${secondary ? ' class="secondary"' : ''}>${escape(text)}</button>`;

function disputeRow(dispute: DisputeRow, shown: Record<string, unknown>): string {
  const amount = (shown.dispute_amount ?? {}) as { value?: string; currency_code?: string };
  const standard = dispute.channel === 'standard';
  const actions =
    dispute.status === 'RESOLVED'
      ? ''
      : `<form method="post" action="${RESOLUTION_CENTRE_PATH}">
${hidden('action', 'resolve')}${hidden('dispute_id', dispute.id)}
${
  dispute.status === 'OPEN'
    ? button(
        'outcome',
        'BUYER_FAVOR',
        standard ? 'Buyer wins: reverse the payment' : 'Buyer wins: refund',
      )
    : ''
}
${button('outcome', 'SELLER_FAVOR', standard ? 'Seller wins: cancel the reversal' : 'Seller wins', true)}
</form>${
          !standard && dispute.status === 'OPEN' && shown.dispute_life_cycle_stage === 'INQUIRY'
            ? `<form method="post" action="${RESOLUTION_CENTRE_PATH}">
${hidden('action', 'escalate')}${hidden('dispute_id', dispute.id)}
<button type="submit" class="secondary">Escalate to a claim</button>
</form>`
            : ''
        }`;
  const outcome = (shown.dispute_outcome as { outcome_code?: string } | undefined)?.outcome_code;
  return `<li class="dispute" data-dispute-id="${escape(dispute.id)}">
<dl>
<dt>Dispute</dt><dd>${escape(dispute.id)} (${standard ? 'Payments Standard case' : 'Checkout'})</dd>
<dt>Transaction</dt><dd>${escape(dispute.transaction_id)}</dd>
<dt>Reason</dt><dd>${escape(String(shown.reason ?? ''))}</dd>
<dt>Amount</dt><dd>${escape(`${amount.value ?? ''} ${amount.currency_code ?? ''}`)}</dd>
<dt>Status</dt><dd>${escape(dispute.status === 'REVERSED' ? 'Open, payment reversed' : dispute.status)}${outcome ? ` (${escape(outcome)})` : ''}</dd>
</dl>
${actions}
</li>`;
}

function paymentRow(payment: DisputablePayment & { disputed: boolean }): string {
  const open = payment.disputed
    ? '<p>Under dispute.</p>'
    : `<form method="post" action="${RESOLUTION_CENTRE_PATH}">
${hidden('action', 'open')}${hidden('transaction_id', payment.transactionId)}
<label>Reason <select name="reason">
${Object.entries(REASON_TEXTS)
  .map(([code, text]) => `<option value="${code}">${escape(text)}</option>`)
  .join('\n')}
</select></label>
<button type="submit">Open a dispute</button>
</form>`;
  return `<li class="payment" data-transaction-id="${escape(payment.transactionId)}">
<dl>
<dt>Transaction</dt><dd>${escape(payment.transactionId)} (${payment.channel === 'checkout' ? 'Checkout capture' : 'Payments Standard'})</dd>
<dt>Order</dt><dd>${escape(payment.custom || '(none)')}</dd>
<dt>Amount</dt><dd>${escape(`${payment.amount} ${payment.currency}`)}</dd>
</dl>
${open}
</li>`;
}

/**
 * The simulator's Resolution Center: the disputes it opened, with PayPal's decision as buttons, and the
 * latest payments it took, each of which a buyer may dispute. Plain HTML that works without script.
 */
export function resolutionCentrePage(
  disputes: { row: DisputeRow; shown: Record<string, unknown> }[],
  payments: (DisputablePayment & { disputed: boolean })[],
  notice: Notice | null,
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>PayPal simulator: Resolution Center</title>
${SIMULATOR_STYLE}
<style>ul{list-style:none;padding:0}li{border-top:1px solid #e5e7eb;padding:1rem 0}form{margin:.5rem 0}</style>
</head>
<body>
<h1>Resolution Center</h1>
<p class="banner">A stand-in for PayPal's Resolution Center (PAYPAL_MODE=simulator): a buyer's dispute, and PayPal's decision, reported to the shop as PayPal reports them. No real money moves.</p>
${notice ? `<p role="status">${escape(NOTICES[notice])}</p>` : ''}
<h2>Disputes</h2>
${
  disputes.length === 0
    ? '<p>No disputes yet.</p>'
    : `<ul>${disputes.map(({ row, shown }) => disputeRow(row, shown)).join('\n')}</ul>`
}
<h2>Payments</h2>
${
  payments.length === 0
    ? '<p>No completed payments yet: pay an order through the simulator first.</p>'
    : `<ul>${payments.map(paymentRow).join('\n')}</ul>`
}
</body></html>`;
}
