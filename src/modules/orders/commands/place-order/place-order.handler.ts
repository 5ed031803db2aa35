import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { type Order as OrderView, ORDER_TEXTS, toMoney } from '../../../../contracts/orders.js';
import { billingOf } from '../../../../contracts/subscriptions.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { GetContentSnapshotQuery, GetContentVersionQuery } from '../../../content/index.js';
import { Order } from '../../domain/order.entity.js';
import { toOrderView } from '../../domain/order.mapper.js';
import { PlaceOrderCommand } from './place-order.command.js';

/**
 * Places the order of the pricing record as it is now (its name and price copied from the content,
 * never from the browser) for the session's e-mail, and records OrderPlaced (and the unpaid reminder,
 * due later) in the same statement.
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    packageId,
    customerName,
    customerEmail,
    billing,
  }: PlaceOrderCommand): Promise<OrderView> {
    // The pricing record as it is now: the content snapshot kept in memory, read at the content version
    // of this moment (one small read shared by the orders and pages that ask together), so a price
    // changed before the order arrived is the one charged, in whichever process it was changed.
    const version = await this.queryBus.execute(new GetContentVersionQuery());
    const { content } = await this.queryBus.execute(new GetContentSnapshotQuery(version));
    const entry = content.sections.pricing?.find((candidate) => candidate._id === packageId);
    if (!entry) throw new NotFoundException(ORDER_TEXTS.packageMissing);
    const packageName = String(entry.packageName ?? '');
    const packagePrice = toMoney(String(entry.packagePrice ?? ''));
    const packageBilling = billingOf(entry);
    const { order, events } = Order.place(
      {
        packageId,
        packageName,
        packagePrice,
        billing: packageBilling,
        customerEmail,
        customerName,
        ...billing,
      },
      new Date(),
      this.config.ORDER_REMINDER_DELAY_MS,
    );
    // The order and its two outbox rows in one statement: one round trip (see insertWith).
    await this.outbox.insertWith(this.em.fork(), Order, order, events);
    return toOrderView(order, this.config.PAYPAL_MODE);
  }
}
