import { ConflictException, NotFoundException } from '@nestjs/common';
import { ORDER_TEXTS, type PaymentStatus } from '../../../contracts/orders.js';

/** Someone else's order and an order that does not exist get the same answer. */
export const orderNotFound = () => new NotFoundException(ORDER_TEXTS.notYours);

/**
 * The Order refused a transition its state does not allow; the message is the one the user reads. A
 * ConflictException, so the API's one exception filter answers it as a 409 wherever it is thrown (Nest
 * routes, raw routes, and a module that sends the command and tells a refusal from a failure).
 */
export class OrderTransitionError extends ConflictException {
  constructor(message: string) {
    super(message);
    this.name = 'OrderTransitionError';
  }
}

/** Why an order that is not unpaid cannot be paid (a capture, or a payment, cannot start). */
export function notPayableReason(status: PaymentStatus): string {
  if (status === 'Paid') return ORDER_TEXTS.alreadyPaid;
  if (status === 'Refunded') return ORDER_TEXTS.refundedNotPayable;
  if (status === 'Disputed') return ORDER_TEXTS.disputedNotPayable;
  if (status === 'Reversed') return ORDER_TEXTS.reversedNotPayable;
  return ORDER_TEXTS.cancelledNotPayable;
}

/** A cancel or an offline payment while a PayPal capture of the order is under way. */
export const capturePending = () => new OrderTransitionError(ORDER_TEXTS.paymentInProgress);
