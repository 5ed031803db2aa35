import { ConflictException, Inject, NotFoundException } from '@nestjs/common';
import { type IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ORDER_TEXTS } from '../../../../contracts/orders.js';
import { type Checkout, PAYMENT_TEXTS } from '../../../../contracts/payments.js';
import { FindOrderQuery, isPayable } from '../../../orders/index.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../domain/payment-gateway.js';
import { PaymentAccounts } from '../../domain/payment-accounts.js';
import { GetCheckoutQuery } from './get-checkout.query.js';

/** The customer's own unpaid order only; no receiving e-mail yet: the shop says payments are not set up. */
@QueryHandler(GetCheckoutQuery)
export class GetCheckoutHandler implements IQueryHandler<GetCheckoutQuery> {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly accounts: PaymentAccounts,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async execute({ orderId, customerEmail }: GetCheckoutQuery): Promise<Checkout> {
    const order = await this.queryBus.execute(new FindOrderQuery(orderId, { customerEmail }));
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (!isPayable(order)) throw new ConflictException(PAYMENT_TEXTS.notPayable);
    const receiver = await this.accounts.receivingEmail();
    if (!receiver) return { ready: false, message: PAYMENT_TEXTS.notSetUp };
    return this.gateway.checkout(order, receiver);
  }
}
