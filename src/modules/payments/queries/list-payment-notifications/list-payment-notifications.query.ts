import { Query } from '@nestjs/cqrs';
import type { PaymentNotification } from '../../../../contracts/payments.js';

/** The PayPal messages received for an order, newest first; null when there is no such order. */
export class ListPaymentNotificationsQuery extends Query<PaymentNotification[] | null> {
  constructor(readonly orderId: string) {
    super();
  }
}
