import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { type Order as OrderView, ORDER_TEXTS, toMoney } from '../../../../contracts/orders.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { GetEntryQuery } from '../../../content/index.js';
import { Order } from '../../domain/order.entity.js';
import { toOrderView } from '../../domain/order.mapper.js';
import { PlaceOrderCommand } from './place-order.command.js';

/**
 * Places the order of the pricing record as it is now (its name and price copied from the database,
 * never from the browser) for the session's e-mail, and records OrderPlaced (and the unpaid reminder,
 * due later) in the same transaction.
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ packageId, customerName, customerEmail }: PlaceOrderCommand): Promise<OrderView> {
    const entry = await this.queryBus
      .execute(new GetEntryQuery('pricing', packageId))
      .catch((error: unknown) => {
        if (error instanceof NotFoundException)
          throw new NotFoundException(ORDER_TEXTS.packageMissing);
        throw error;
      });
    const packageName = String(entry.packageName ?? '');
    const packagePrice = toMoney(String(entry.packagePrice ?? ''));
    const em = this.em.fork();
    const { order, events } = Order.place(
      { packageId, packageName, packagePrice, customerEmail, customerName },
      new Date(),
      this.config.ORDER_REMINDER_DELAY_MS,
    );
    em.persist(order);
    await this.outbox.commit(em, events);
    return toOrderView(order);
  }
}
