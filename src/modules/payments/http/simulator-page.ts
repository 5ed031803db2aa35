import { SIMULATOR_PATH } from '../domain/paypal.js';

export const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The simulator's look, shared by its pages. */
export const SIMULATOR_STYLE = `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem}dt{color:#6b7280}dd{margin:0;font-weight:600}
button{background:#0070ba;color:#fff;border:0;border-radius:1.5rem;padding:.75rem 2rem;font-size:1rem;cursor:pointer}
button.secondary{background:#e5e7eb;color:#1f2937}
a{margin-left:1rem}details{margin:1.5rem 0}label{display:block;margin:.5rem 0}</style>`;

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`;

/**
 * The simulator's checkout page: what PayPal would show (receiver, item, amount), a Pay form and a
 * Cancel link, in plain HTML that works without script.
 */
export function simulatorPage(fields: URLSearchParams): string {
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
<form method="post" action="${SIMULATOR_PATH}">
${hidden('cmd', '_simulator-pay')}
${kept.map(([name, value]) => hidden(name, value)).join('\n')}
<button type="submit">Pay</button>
<a href="${escape(fields.get('cancel_return') ?? '/')}">Cancel and return to the shop</a>
</form>
</body></html>`;
}
