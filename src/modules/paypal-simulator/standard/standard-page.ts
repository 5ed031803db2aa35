import { PAYPAL_SIMULATOR_WEBSCR_PATH } from '../../../contracts/paypal-simulator.js';
import { escape, SIMULATOR_STYLE } from '../simulator-look.js';

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`;

/**
 * The simulator's Payments Standard page: what PayPal would show (receiver, item, amount), a Pay form
 * and a Cancel link, in plain HTML that works without script.
 */
export function standardPaymentPage(fields: URLSearchParams): string {
  const kept = [...fields.entries()].filter(([name]) => name !== 'cmd');
  const amount = `${fields.get('amount') ?? ''} ${fields.get('currency_code') ?? ''}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>PayPal simulator</title>
${SIMULATOR_STYLE}
</head>
<body>
<h1>PayPal simulator</h1>
<p class="banner">A stand-in for PayPal (PAYPAL_MODE=simulator): no real money moves.</p>
<dl>
<dt>Pay to</dt><dd>${escape(fields.get('business') ?? '')}</dd>
<dt>Item</dt><dd>${escape(fields.get('item_name') ?? '')}</dd>
<dt>Amount</dt><dd>${escape(amount)}</dd>
</dl>
<form method="post" action="${PAYPAL_SIMULATOR_WEBSCR_PATH}">
${hidden('cmd', '_simulator-pay')}
${kept.map(([name, value]) => hidden(name, value)).join('\n')}
<button type="submit">Pay</button>
<a href="${escape(fields.get('cancel_return') ?? '/')}">Cancel and return to the shop</a>
</form>
</body></html>`;
}
