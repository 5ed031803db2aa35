import { PAYPAL_SIMULATOR_ROOT as SIMULATOR_ROOT } from '../../../contracts/paypal-simulator.js';
import { escape, SIMULATOR_STYLE } from '../simulator-look.js';

type Json = Record<string, unknown>;

/**
 * A page of the simulator: its look, the banner naming what it stands in for, and the script that
 * tells the opener of a popup the buyer's choice (`result`).
 */
export const page = (body: string, script = '', product = 'PayPal Checkout') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>PayPal simulator</title>
${SIMULATOR_STYLE}
${script ? `<script src="${SIMULATOR_ROOT}/checkout/result.js" defer></script>` : ''}
</head>
<body>
<h1>PayPal simulator</h1>
<p class="banner">A stand-in for ${product} (PAYPAL_MODE=simulator): no real money moves.</p>
${body}
</body></html>`;

/** The approval page PayPal's buttons open: what is paid to whom, Pay, a declined card, or Cancel. */
export function approvalPage(order: Json): string {
  const unit = ((order.purchase_units as Json[] | undefined) ?? [])[0] ?? {};
  const amount = (unit.amount ?? {}) as Json;
  const payee = (unit.payee ?? {}) as Json;
  const id = String(order.id);
  return page(`<dl>
<dt>Pay to</dt><dd>${escape(String(payee.email_address ?? ''))}</dd>
<dt>Item</dt><dd>${escape(String(unit.description ?? ''))}</dd>
<dt>Amount</dt><dd>${escape(`${String(amount.value ?? '')} ${String(amount.currency_code ?? '')}`)}</dd>
</dl>
<form method="post" action="${SIMULATOR_ROOT}/checkoutnow">
<input type="hidden" name="token" value="${escape(id)}">
<details><summary>Simulator options</summary>
<label>Capture outcome <select name="outcome">
<option value="COMPLETED">Completed</option><option value="PENDING">Pending (PayPal reviews it)</option>
</select></label>
<label>Capture a different amount <input name="amount" inputmode="decimal" placeholder="${escape(String(amount.value ?? ''))}"></label>
</details>
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="decline" class="secondary">Pay with a card that is declined</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel and return to the shop</button>
</form>`);
}

/**
 * After the buyer's choice: tells the shop's page that opened this window (PayPal's popup flow) and
 * closes; opened on its own, it links back to the shop.
 */
export function resultPage(
  orderId: string,
  result: 'approved' | 'cancelled',
  returnUrl: string,
  what: 'Payment' | 'Subscription' = 'Payment',
): string {
  const text = `${what} ${result}.`;
  return page(
    `<p id="simulator-result" data-result="${result}" data-order-id="${escape(orderId)}">${text}</p>
<p><a href="${escape(returnUrl)}">Return to the shop</a></p>`,
    'result',
    what === 'Payment' ? 'PayPal Checkout' : 'PayPal Subscriptions',
  );
}

export function notFoundPage(): string {
  return page('<p>This PayPal order does not exist.</p>');
}

/** Posts the buyer's choice to the opener (same origin: the simulator is served by the shop). */
export const RESULT_SCRIPT = `(function () {
  var result = document.getElementById('simulator-result');
  if (!result || !window.opener) return;
  window.opener.postMessage(
    { source: 'paypal-simulator', result: result.dataset.result, orderID: result.dataset.orderId },
    window.location.origin
  );
  window.close();
})();
`;

/**
 * The stand-in for PayPal's JavaScript SDK (https://www.paypal.com/sdk/js): \`paypal.Buttons\` with the
 * parts @paypal/react-paypal-js uses (isEligible, render, close, updateProps, onInit's enable/disable),
 * calling the page's createOrder, then onApprove (with actions.restart) or onCancel, through the
 * simulator's approval page in a popup, as PayPal does. With a createSubscription prop (the script
 * loaded with intent=subscription&vault=true) it subscribes instead: the page's createSubscription
 * (whose server made the subscription; \`actions.subscription.create\`, PayPal's client-side call,
 * is refused), the subscription's approval page, then onApprove with its subscriptionID.
 */
export const SDK_SCRIPT = `(function () {
  var approvalBase = new URL('${SIMULATOR_ROOT}/checkoutnow', window.location.href);
  var subscriptionBase = new URL('${SIMULATOR_ROOT}/webapps/billing/subscriptions', window.location.href);
  var subscriptionActions = {
    subscription: {
      create: function () {
        return Promise.reject(new Error('The PayPal simulator makes subscriptions on the server only: create it there and return its id'));
      }
    }
  };
  function Buttons(props) {
    var button = null;
    var actions = {
      enable: function () { if (button) button.disabled = false; return Promise.resolve(); },
      disable: function () { if (button) button.disabled = true; return Promise.resolve(); }
    };
    function fail(error) { if (props.onError) props.onError(error); }
    function start() {
      var popup = window.open('about:blank', 'paypal-simulator', 'width=480,height=720');
      var subscribing = typeof props.createSubscription === 'function';
      Promise.resolve()
        .then(function () {
          return subscribing
            ? props.createSubscription({}, subscriptionActions)
            : props.createOrder({ paymentSource: 'paypal' }, {});
        })
        .then(function (orderID) {
          var url = new URL(subscribing ? subscriptionBase : approvalBase);
          url.searchParams.set(subscribing ? 'ba_token' : 'token', orderID);
          if (popup) popup.location.href = url.toString();
          listen(orderID, subscribing);
        })
        .catch(function (error) { if (popup) popup.close(); fail(error); });
    }
    function listen(orderID, subscribing) {
      function onMessage(event) {
        var data = event.data;
        if (event.origin !== window.location.origin || !data || data.source !== 'paypal-simulator' || data.orderID !== orderID) return;
        window.removeEventListener('message', onMessage);
        if (data.result === 'approved') {
          var restart = function () { start(); return Promise.resolve(); };
          var data = subscribing
            ? { subscriptionID: orderID, orderID: orderID, paymentSource: 'paypal' }
            : { orderID: orderID, payerID: 'SIMULATORPAYER', paymentSource: 'paypal' };
          Promise.resolve(props.onApprove ? props.onApprove(data, { restart: restart }) : undefined)
            .catch(fail);
        } else if (props.onCancel) {
          props.onCancel({ orderID: orderID });
        }
      }
      window.addEventListener('message', onMessage);
    }
    return {
      isEligible: function () { return true; },
      render: function (container) {
        var target = typeof container === 'string' ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error('No container to render the PayPal buttons in'));
        button = document.createElement('button');
        button.type = 'button';
        button.className = 'paypal-simulator-button';
        button.textContent = 'PayPal (simulator)';
        button.style.cssText = 'background:#ffc439;color:#111;border:0;border-radius:4px;padding:12px 24px;font-size:16px;font-weight:700;width:100%;cursor:pointer';
        button.addEventListener('click', start);
        target.appendChild(button);
        if (props.onInit) props.onInit({}, actions);
        return Promise.resolve();
      },
      close: function () { if (button && button.parentNode) button.parentNode.removeChild(button); button = null; return Promise.resolve(); },
      updateProps: function () { return Promise.resolve(); }
    };
  }
  window.paypal = { Buttons: Buttons, version: 'simulator' };
})();
`;
