import { Command } from '@nestjs/cqrs';
import type { Order } from '../../../../contracts/orders.js';

/**
 * The customer approves the latest delivery: the spec's orderStatus becomes Delivered (the existing
 * delivered e-mail tells them), the admins are told. 409 when nothing awaits an answer.
 */
export class ApproveDeliveryCommand extends Command<Order> {
  constructor(
    readonly orderId: string,
    readonly customerEmail: string,
  ) {
    super();
  }
}

/**
 * The customer asks for changes to the latest delivery (their message, plain text): the work reopens
 * and the admins are told. 409 when nothing awaits an answer.
 */
export class RequestChangesCommand extends Command<Order> {
  constructor(
    readonly orderId: string,
    readonly customerEmail: string,
    readonly message: string,
  ) {
    super();
  }
}
