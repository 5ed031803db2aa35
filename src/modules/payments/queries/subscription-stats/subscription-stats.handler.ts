import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SubscriptionStats } from '../../../../contracts/subscriptions.js';
import { SubscriptionStatsQuery } from './subscription-stats.query.js';

/** The subscriptions whose charges failed and are not paid again, most recent first. */
const FAILING_LIMIT = 50;

interface Totals {
  mrr: string;
  active: string;
  suspended: string;
  cancelled: string;
  started: string;
  active_at_start: string;
}

/**
 * MRR and the counts from the subscription table (a few reads, in PostgreSQL's exact numerics): MRR
 * now is the sum of the ACTIVE subscriptions' prices; a month's MRR is that of the subscriptions
 * started and not ended at the month's end (or now, for this month).
 */
@QueryHandler(SubscriptionStatsQuery)
export class SubscriptionStatsHandler implements IQueryHandler<SubscriptionStatsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ from, to }: SubscriptionStatsQuery): Promise<SubscriptionStats> {
    const em = this.em.fork();
    const start = `${from}T00:00:00Z`;
    // The day after `to`, exclusive.
    const end = new Date(Date.parse(`${to}T00:00:00Z`) + 24 * 3600_000).toISOString();
    const [totals] = await em.execute<Totals[]>(
      `select coalesce(sum(price) filter (where status = 'ACTIVE'), 0)::numeric(12,2)::text as mrr,
              count(*) filter (where status = 'ACTIVE') as active,
              count(*) filter (where status = 'SUSPENDED') as suspended,
              count(*) filter (where status in ('CANCELLED', 'EXPIRED')
                                 and cancelled_at >= ?::timestamptz and cancelled_at < ?::timestamptz) as cancelled,
              count(*) filter (where started_at >= ?::timestamptz and started_at < ?::timestamptz) as started,
              count(*) filter (where started_at < ?::timestamptz
                                 and (cancelled_at is null or cancelled_at >= ?::timestamptz)) as active_at_start
         from subscription`,
      [start, end, start, end, start, start],
    );
    const failing = await em.execute<
      {
        order_id: string;
        customer_email: string;
        package_name: string;
        failed_payments: number;
        last_failed_at: Date;
        status: SubscriptionStats['failing'][number]['status'];
      }[]
    >(
      `select order_id, customer_email, package_name, failed_payments, last_failed_at, status
         from subscription
        where failed_payments > 0 and last_failed_at is not null and status in ('ACTIVE', 'SUSPENDED')
        order by last_failed_at desc
        limit ?`,
      [FAILING_LIMIT],
    );
    const months = await em.execute<{ month: string; mrr: string }[]>(
      `select to_char(m, 'YYYY-MM') as month,
              coalesce((select sum(s.price) from subscription s
                         where s.started_at is not null
                           and s.started_at < least((m + interval '1 month') at time zone 'UTC', now())
                           and (s.cancelled_at is null
                                or s.cancelled_at >= least((m + interval '1 month') at time zone 'UTC', now()))
                       ), 0)::numeric(12,2)::text as mrr
         from generate_series(date_trunc('month', ?::timestamptz at time zone 'UTC'),
                              date_trunc('month', ?::timestamptz at time zone 'UTC'),
                              interval '1 month') as m
        order by m`,
      [start, `${to}T00:00:00Z`],
    );
    const cancelled = Number(totals?.cancelled ?? 0);
    const churnBase = Number(totals?.active_at_start ?? 0) + Number(totals?.started ?? 0);
    return {
      mrr: totals?.mrr ?? '0.00',
      active: Number(totals?.active ?? 0),
      suspended: Number(totals?.suspended ?? 0),
      cancelled,
      started: Number(totals?.started ?? 0),
      churnPercent: churnBase > 0 ? ((cancelled * 100) / churnBase).toFixed(1) : null,
      failing: failing.map((row) => ({
        orderId: row.order_id,
        customerEmail: row.customer_email,
        packageName: row.package_name,
        failedPayments: Number(row.failed_payments),
        lastFailedAt: new Date(row.last_failed_at).toISOString(),
        status: row.status,
      })),
      mrrByMonth: months,
    };
  }
}
