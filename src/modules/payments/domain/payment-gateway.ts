import type { Order } from '../../../contracts/orders.js';
import type { Checkout, PaymentIntegration } from '../../../contracts/payments.js';

/**
 * The payment port: how the pay page of an unpaid order hands the buyer to PayPal. Payments Standard
 * (a form posted to PayPal) and PayPal Checkout (PayPal's buttons, Orders v2) are its two adapters;
 * which one is configuration (PAYMENT_INTEGRATION). Whatever the adapter, a payment ends in the same
 * events through the same rules (payee, exact price, USD, each transaction applied once).
 */
export interface PaymentGateway {
  readonly integration: PaymentIntegration;
  /** The hand-off for one unpaid order, paid to `receiver` (the stored PayPal e-mail). */
  checkout(order: Order, receiver: string): Extract<Checkout, { ready: true }>;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
