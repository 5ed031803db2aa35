import { ConflictException, NotFoundException } from '@nestjs/common';
import { ORDER_TEXTS, type PaymentStatus } from '../../../contracts/orders.js';

/** Someone else's order and an order that does not exist get the same answer. */
export const orderNotFound = () => new NotFoundException(ORDER_TEXTS.notYours);
export const orderNotUnpaid = () => new ConflictException(ORDER_TEXTS.notUnpaid);
export const orderNotPayable = () =>
  new ConflictException('Only an unpaid order can be marked paid.');

/** A capture (or a payment) cannot start: the order is not unpaid any more. */
export const orderNotPayableNow = (status: PaymentStatus) =>
  new ConflictException(
    status === 'Paid'
      ? ORDER_TEXTS.alreadyPaid
      : status === 'Refunded'
        ? ORDER_TEXTS.refundedNotPayable
        : ORDER_TEXTS.cancelledNotPayable,
  );

/** A cancel or an offline payment while a PayPal capture of the order is under way. */
export const capturePending = () => new ConflictException(ORDER_TEXTS.paymentInProgress);
