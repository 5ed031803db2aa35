import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type OrderPage, toMoney } from '../../../../contracts/orders.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { findOrderPage } from '../../domain/order.mapper.js';
import { ListOrdersQuery, type OrderScope } from './list-orders.query.js';
import { type OrderSummary, OrderSummaryQuery } from './order-summary.query.js';

/** A customer's open order: not delivered yet, and neither cancelled nor refunded. */
const OPEN_ORDER = {
  orderStatus: 'Pending',
  paymentStatus: { $nin: ['Cancelled', 'Refunded'] },
} as const;

const whereOf = (scope: OrderScope) =>
  scope === 'all'
    ? {}
    : {
        customerEmail: scope.customerEmail.toLowerCase(),
        ...(scope.openOnly ? OPEN_ORDER : {}),
      };

/** Paging, sorting and the owner filter run in PostgreSQL: a customer never receives another's order. */
@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  execute({ scope, page, pageSize }: ListOrdersQuery): Promise<OrderPage> {
    return findOrderPage(this.em, whereOf(scope), page, pageSize, this.config.PAYPAL_MODE);
  }
}

/**
 * What a Paid order brought in: a one-off order its price; a monthly order every charge its
 * subscription took, the sum of its invoices net of credit notes (its price while none is issued yet).
 */
const PAID_AMOUNT = `case when o.billing = 'monthly'
   then coalesce((select sum(i.amount) from invoice i where i.order_id = o.id), o.package_price)
   else o.package_price end`;

/** Counts and the Paid sum in one statement; numeric arithmetic in PostgreSQL, returned as text. */
@QueryHandler(OrderSummaryQuery)
export class OrderSummaryHandler implements IQueryHandler<OrderSummaryQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ scope }: OrderSummaryQuery): Promise<OrderSummary> {
    const owner = scope === 'all' ? '' : 'where o.customer_email = lower(?)';
    const [row] = await this.em
      .fork()
      .execute<{ order_count: string; paid_count: string; paid_total: string }[]>(
        `select count(*)::text as order_count,
              count(*) filter (where o.payment_status = 'Paid')::text as paid_count,
              coalesce(sum(${PAID_AMOUNT}) filter (where o.payment_status = 'Paid'), 0)::text as paid_total
         from "order" o ${owner}`,
        scope === 'all' ? [] : [scope.customerEmail],
      );
    return {
      orderCount: Number(row?.order_count ?? 0),
      paidCount: Number(row?.paid_count ?? 0),
      paidTotal: toMoney(row?.paid_total ?? '0'),
    };
  }
}
