import type { PaypalMode } from '../../../contracts/payments.js';

/** PayPal's own path for Payments Standard, which the simulator serves too. */
export const WEBSCR_PATH = '/cgi-bin/webscr';
export const SIMULATOR_PATH = `/paypal-simulator${WEBSCR_PATH}`;
export const IPN_PATH = '/api/payments/paypal/ipn';

/** Where the checkout form posts. */
export function checkoutUrl(mode: PaypalMode, publicUrl: string): string {
  switch (mode) {
    case 'live':
      return `https://www.paypal.com${WEBSCR_PATH}`;
    case 'sandbox':
      return `https://www.sandbox.paypal.com${WEBSCR_PATH}`;
    case 'simulator':
      return new URL(SIMULATOR_PATH, publicUrl).toString();
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
      return new URL(SIMULATOR_PATH, publicUrl).toString();
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
  const receiver = fields.get('receiver_email') ?? '';
  if (!receiverEmail || receiver.toLowerCase() !== receiverEmail.toLowerCase()) {
    problems.push(`receiver_email ${receiver || '(none)'} is not our PayPal e-mail`);
  }
  const gross = fields.get('mc_gross') ?? '';
  if (!sameAmount(gross, order.packagePrice)) {
    problems.push(`mc_gross ${gross || '(none)'} is not the order's price ${order.packagePrice}`);
  }
  const currency = fields.get('mc_currency') ?? '';
  if (currency !== 'USD') problems.push(`mc_currency ${currency || '(none)'} is not USD`);
  const txnId = fields.get('txn_id') ?? '';
  if (!txnId) problems.push('txn_id is missing');
  if (problems.length > 0) return { outcome: 'mismatch', orderId, reason: problems.join('; ') };
  return { outcome: 'apply', orderId: order.id, txnId, amount: order.packagePrice };
}
