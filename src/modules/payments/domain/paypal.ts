import type { PaypalMode } from '../../../contracts/payments.js';
import { PAYPAL_SIMULATOR_WEBSCR_PATH } from '../../../contracts/paypal-simulator.js';

/** PayPal's own path for Payments Standard (the simulator serves it under its root). */
const WEBSCR_PATH = '/cgi-bin/webscr';

/** Where the checkout form posts. */
export function checkoutUrl(mode: PaypalMode, publicUrl: string): string {
  switch (mode) {
    case 'live':
      return `https://www.paypal.com${WEBSCR_PATH}`;
    case 'sandbox':
      return `https://www.sandbox.paypal.com${WEBSCR_PATH}`;
    case 'simulator':
      return new URL(PAYPAL_SIMULATOR_WEBSCR_PATH, publicUrl).toString();
  }
}

/** Where IPN messages are posted back for verification. */
export function verifyUrl(mode: PaypalMode, publicUrl: string): string {
  switch (mode) {
    case 'live':
      return `https://ipnpb.paypal.com${WEBSCR_PATH}`;
    case 'sandbox':
      return `https://ipnpb.sandbox.paypal.com${WEBSCR_PATH}`;
    case 'simulator':
      return new URL(PAYPAL_SIMULATOR_WEBSCR_PATH, publicUrl).toString();
  }
}

export type IpnCheck =
  | { outcome: 'apply'; orderId: string; txnId: string; amount: string }
  | { outcome: 'reversal'; orderId: string; paymentStatus: string }
  | { outcome: 'mismatch'; orderId: string | null; reason: string };

/** What the checks need of the order the message names. */
export interface IpnOrder {
  id: string;
  packagePrice: string;
}

const REVERSALS = new Set(['Refunded', 'Reversed', 'Canceled_Reversal']);

/** "49", "49.0" and "49.00" are the same amount; anything else is not an amount. */
export function sameAmount(a: string, b: string): boolean {
  const cents = (value: string) => {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
    return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : null;
  };
  const left = cents(a);
  return left !== null && left === cents(b);
}

/** What PayPal reported, each value with the name PayPal gives it (for the admins' reason). */
interface ReportedPayment {
  receiver: [name: string, value: string];
  amount: [name: string, value: string];
  currency: [name: string, value: string];
}

/**
 * The rules every payment obeys, whichever integration took it: paid to our receiving e-mail (any
 * case), exactly the order's price, in USD. Returns what is wrong, nothing when it matches.
 */
export function paymentProblems(
  reported: ReportedPayment,
  order: IpnOrder,
  receiverEmail: string | null,
): string[] {
  const problems: string[] = [];
  const [receiverName, receiver] = reported.receiver;
  if (!receiverEmail || receiver.toLowerCase() !== receiverEmail.toLowerCase()) {
    problems.push(`${receiverName} ${receiver || '(none)'} is not our PayPal e-mail`);
  }
  const [amountName, amount] = reported.amount;
  if (!sameAmount(amount, order.packagePrice)) {
    problems.push(
      `${amountName} ${amount || '(none)'} is not the order's price ${order.packagePrice}`,
    );
  }
  const [currencyName, currency] = reported.currency;
  if (currency !== 'USD') problems.push(`${currencyName} ${currency || '(none)'} is not USD`);
  return problems;
}

/** A Checkout capture as PayPal reported it (the capture answer, a webhook or an order lookup). */
export interface ReportedCapture {
  captureId: string;
  status: string;
  amount: string;
  currency: string;
  /** The purchase unit's payee; null when PayPal did not say (webhooks): checked at creation then. */
  payee: string | null;
}

export type CaptureCheck =
  | { outcome: 'apply'; captureId: string; amount: string }
  | { outcome: 'pending' }
  | { outcome: 'mismatch'; reason: string };

/**
 * The checks of a Checkout capture against our order: COMPLETED (PENDING waits for PayPal), our
 * payee, the exact price, USD.
 */
export function checkCapture(
  capture: ReportedCapture,
  order: IpnOrder,
  receiverEmail: string | null,
): CaptureCheck {
  if (capture.status === 'PENDING') return { outcome: 'pending' };
  const problems: string[] = [];
  if (capture.status !== 'COMPLETED')
    problems.push(`capture status is ${capture.status || 'missing'}, not COMPLETED`);
  problems.push(
    ...paymentProblems(
      {
        // A webhook does not name the payee: the order was created with ours and PayPal keeps it.
        receiver: ['payee', capture.payee ?? receiverEmail ?? ''],
        amount: ['amount', capture.amount],
        currency: ['currency_code', capture.currency],
      },
      order,
      receiverEmail,
    ),
  );
  if (problems.length > 0) return { outcome: 'mismatch', reason: problems.join('; ') };
  return { outcome: 'apply', captureId: capture.captureId, amount: order.packagePrice };
}

/**
 * The checks of a VERIFIED message against the order it names (`custom`) and the receiving e-mail:
 * payment_status Completed, receiver_email the stored one (any case), mc_gross the order's price,
 * mc_currency USD. A refund or reversal is recorded, never applied.
 */
export function checkIpn(
  fields: URLSearchParams,
  order: IpnOrder | null,
  receiverEmail: string | null,
): IpnCheck {
  const orderId = order?.id ?? null;
  const status = fields.get('payment_status') ?? '';
  if (!order) return { outcome: 'mismatch', orderId, reason: 'the message names no order of ours' };
  if (REVERSALS.has(status))
    return { outcome: 'reversal', orderId: order.id, paymentStatus: status };
  const problems: string[] = [];
  if (status !== 'Completed')
    problems.push(`payment_status is ${status || 'missing'}, not Completed`);
  problems.push(
    ...paymentProblems(
      {
        receiver: ['receiver_email', fields.get('receiver_email') ?? ''],
        amount: ['mc_gross', fields.get('mc_gross') ?? ''],
        currency: ['mc_currency', fields.get('mc_currency') ?? ''],
      },
      order,
      receiverEmail,
    ),
  );
  const txnId = fields.get('txn_id') ?? '';
  if (!txnId) problems.push('txn_id is missing');
  if (problems.length > 0) return { outcome: 'mismatch', orderId, reason: problems.join('; ') };
  return { outcome: 'apply', orderId: order.id, txnId, amount: order.packagePrice };
}
