import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type {
  AdminStats,
  OrderStageCount,
  SalesBucket,
  SubscriberBucket,
} from '../../../../contracts/insights.js';
import { toMoney } from '../../../../contracts/orders.js';
import { AdminStatsQuery } from './admin-stats.query.js';

/**
 * The range's parameters once, and every bucket's first day (`generate_series`, so empty buckets are
 * listed too). Days are UTC days: the timestamps are read `at time zone 'UTC'` before truncation.
 */
const RANGE = `
  p as (select ?::text as unit, ?::date as from_day, ?::date as to_day),
  buckets as (
    select generate_series(
      date_trunc(p.unit, p.from_day::timestamp),
      date_trunc(p.unit, p.to_day::timestamp),
      ('1 ' || p.unit)::interval
    )::date as start
    from p
  )`;

/** `column` (a timestamptz) falls within the range's days. */
const inRange = (column: string) =>
  `${column} >= p.from_day::timestamp at time zone 'UTC'
   and ${column} < (p.to_day + 1)::timestamp at time zone 'UTC'`;

/** The bucket `column` falls in. */
const bucketOf = (column: string) => `date_trunc(p.unit, ${column} at time zone 'UTC')::date`;

/**
 * Sales by order date: every order placed, the Paid ones and their exact sum (as Total Sales counts
 * them: a monthly order brings every charge its subscription took, the sum of its invoices net of
 * credit notes, its price while none is issued), the Refunded ones and theirs; numeric sums in
 * PostgreSQL, returned as text (never floats).
 */
const SALES_SQL = `
  with ${RANGE},
  orders as (
    select ${bucketOf('o.order_date')} as start, o.payment_status,
      case when o.billing = 'monthly'
        then coalesce((select sum(i.amount) from invoice i where i.order_id = o.id), o.package_price)
        else o.package_price end as package_price
    from "order" o, p
    where ${inRange('o.order_date')}
  )
  select b.start::text as start,
    count(o.start)::int as orders,
    count(o.start) filter (where o.payment_status = 'Paid')::int as paid_orders,
    coalesce(sum(o.package_price) filter (where o.payment_status = 'Paid'), 0)::text as paid_total,
    count(o.start) filter (where o.payment_status = 'Refunded')::int as refunded_orders,
    coalesce(sum(o.package_price) filter (where o.payment_status = 'Refunded'), 0)::text
      as refunded_total
  from buckets b left join orders o on o.start = b.start
  group by b.start
  order by b.start`;

/** The range's orders by their (delivery, payment) status pair. */
const STAGES_SQL = `
  with p as (select ?::date as from_day, ?::date as to_day)
  select o.order_status, o.payment_status, count(*)::int as orders
  from "order" o, p
  where ${inRange('o.order_date')}
  group by o.order_status, o.payment_status
  order by o.order_status desc, count(*) desc, o.payment_status`;

/** Sign-ups by their first request (created_at), losses by their unsubscription date. */
const SUBSCRIBERS_SQL = `
  with ${RANGE},
  events as (
    select ${bucketOf('s.created_at')} as start, 1 as gained, 0 as lost
    from subscriber s, p where ${inRange('s.created_at')}
    union all
    select ${bucketOf('s.unsubscribed_at')}, 0, 1
    from subscriber s, p where s.unsubscribed_at is not null and ${inRange('s.unsubscribed_at')}
  )
  select b.start::text as start,
    coalesce(sum(e.gained), 0)::int as gained,
    coalesce(sum(e.lost), 0)::int as lost
  from buckets b left join events e on e.start = b.start
  group by b.start
  order by b.start`;

interface SalesRow {
  start: string;
  orders: number;
  paid_orders: number;
  paid_total: string;
  refunded_orders: number;
  refunded_total: string;
}
interface StageRow {
  order_status: OrderStageCount['orderStatus'];
  payment_status: OrderStageCount['paymentStatus'];
  orders: number;
}

/** Three read-only statements over the orders' and subscribers' tables (a read model, no entities). */
@QueryHandler(AdminStatsQuery)
export class AdminStatsHandler implements IQueryHandler<AdminStatsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ from, to, bucket }: AdminStatsQuery): Promise<AdminStats> {
    const em = this.em.fork();
    const range = [bucket, from, to];
    const [sales, stages, subscribers] = await Promise.all([
      em.execute<SalesRow[]>(SALES_SQL, range),
      em.execute<StageRow[]>(STAGES_SQL, [from, to]),
      em.execute<SubscriberBucket[]>(SUBSCRIBERS_SQL, range),
    ]);
    return {
      from,
      to,
      bucket,
      sales: sales.map((row): SalesBucket => ({
        start: row.start,
        orders: row.orders,
        paidOrders: row.paid_orders,
        paidTotal: toMoney(row.paid_total),
        refundedOrders: row.refunded_orders,
        refundedTotal: toMoney(row.refunded_total),
      })),
      stages: stages.map((row) => ({
        orderStatus: row.order_status,
        paymentStatus: row.payment_status,
        orders: row.orders,
      })),
      subscribers: subscribers.map(({ start, gained, lost }) => ({ start, gained, lost })),
    };
  }
}
