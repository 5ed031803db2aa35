import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid } from '../../../../contracts/ids.js';
import { PaymentCapture } from '../../domain/payment-capture.entity.js';
import { PaymentNotification } from '../../domain/payment-notification.entity.js';
import type { DisputedPayment, PaypalOrderRef } from '../../domain/payment-report.js';
import { PaypalOrder } from '../../domain/paypal-order.entity.js';

/** Our PayPal order of a capture: by PayPal's order id, else by the custom id we gave it. */
export function paypalOrderOf(tx: EntityManager, ref: PaypalOrderRef): Promise<PaypalOrder | null> {
  if (ref.paypalOrderId) return tx.findOne(PaypalOrder, { paypalOrderId: ref.paypalOrderId });
  return ref.customId && isUuid(ref.customId)
    ? tx.findOne(PaypalOrder, { orderId: ref.customId })
    : Promise.resolve(null);
}

/** The order a capture was applied to (or is the order's own), else the one the message names. */
export async function orderOfCapture(
  tx: EntityManager,
  captureId: string | null,
  ref: PaypalOrderRef,
): Promise<string | null> {
  if (captureId) {
    const transaction = await orderOfTransaction(tx, captureId);
    if (transaction) return transaction;
  }
  return (await paypalOrderOf(tx, ref))?.orderId ?? null;
}

/** The order a PayPal capture (Checkout) or transaction (Payments Standard) paid. */
async function orderOfTransaction(tx: EntityManager, id: string): Promise<string | null> {
  const capture = await tx.findOne(PaymentCapture, { captureId: id });
  if (capture) return capture.orderId;
  const paypalOrder = await tx.findOne(PaypalOrder, { captureId: id });
  if (paypalOrder) return paypalOrder.orderId;
  const ipn = await tx.findOne(
    PaymentNotification,
    { txnId: id, result: { $in: ['applied', 'unapplied'] }, orderId: { $ne: null } },
    { fields: ['orderId'] },
  );
  return ipn?.orderId ?? null;
}

/** A dispute's order: the disputed transaction's, else the order id the message carries. */
export async function orderOfDispute(
  tx: EntityManager,
  payment: DisputedPayment,
): Promise<string | null> {
  const paid = payment.transactionId ? await orderOfTransaction(tx, payment.transactionId) : null;
  if (paid) return paid;
  return payment.orderId && isUuid(payment.orderId) ? payment.orderId : null;
}
