import { Command } from '@nestjs/cqrs';
import type { Order } from '../../../../contracts/orders.js';

export interface BillingDetails {
  companyName?: string | null;
  billingAddress?: string | null;
  taxId?: string | null;
}

/** A signed-in customer orders the pricing package `packageId` under `customerName`. */
export class PlaceOrderCommand extends Command<Order> {
  constructor(
    readonly packageId: string,
    readonly customerName: string,
    /** The session's e-mail: never taken from the request body. */
    readonly customerEmail: string,
    /** The order form's optional billing details for the invoice (the seed's calls send none). */
    readonly billing: BillingDetails = {},
  ) {
    super();
  }
}
