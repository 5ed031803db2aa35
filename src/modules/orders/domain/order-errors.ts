import { ConflictException, NotFoundException } from '@nestjs/common';
import { ORDER_TEXTS } from '../../../contracts/orders.js';

/** Someone else's order and an order that does not exist get the same answer. */
export const orderNotFound = () => new NotFoundException(ORDER_TEXTS.notYours);
export const orderNotUnpaid = () => new ConflictException(ORDER_TEXTS.notUnpaid);
export const orderNotPayable = () =>
  new ConflictException('Only an unpaid order can be marked paid.');
