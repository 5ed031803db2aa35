import { formatMoney, formatOrderDateTime } from '@contracts/orders';
import {
  PER_MONTH,
  type SubscriptionStats,
  SUBSCRIPTION_STATUS_LABELS,
} from '@contracts/subscriptions';
import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { DataTableEmpty } from '../../../components/ui/table';
import { useSubscriptionStats } from '../api/subscription-stats';
import { StatsFigure, StatsTable, useStatsDays } from './admin-stats-block';
import { type ChartSeries, StatsChart } from './stats-chart';
import './insights.css';

const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A month as the server names it (`2026-11`, or its first day) as its first day, `2026-11-01`. */
const firstDayOf = (month: string) => (/^\d{4}-\d{2}$/.test(month) ? `${month}-01` : month);
const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

function MrrFigure({ stats }: { stats: SubscriptionStats }) {
  const days = useMemo(() => stats.mrrByMonth.map((row) => firstDayOf(row.month)), [stats]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'MRR', stroke: '#1d7a46', values: stats.mrrByMonth.map((row) => Number(row.mrr)) },
    ],
    [stats],
  );
  const title = 'Monthly recurring revenue by month';
  if (stats.mrrByMonth.length === 0) return null;
  return (
    <StatsFigure
      title={title}
      summary={`${formatMoney(stats.mrr)}${PER_MONTH} now.`}
      chart={<StatsChart days={days} series={series} formatValue={dollars} />}
      table={
        <StatsTable
          label={title}
          columns={['Month', 'MRR']}
          rows={stats.mrrByMonth.map((row) => ({
            key: row.month,
            cells: [
              monthFormat.format(new Date(`${firstDayOf(row.month)}T00:00:00Z`)),
              formatMoney(row.mrr),
            ],
          }))}
        />
      }
    />
  );
}

function FailingPayments({ stats }: { stats: SubscriptionStats }) {
  const title = 'Failing payments';
  if (stats.failing.length === 0) {
    return (
      <div className="stats-figure">
        <p className="stats-figure__title">{title}</p>
        <DataTableEmpty>No monthly payment is failing.</DataTableEmpty>
      </div>
    );
  }
  return (
    <div className="stats-figure">
      <StatsTable
        caption={<span className="stats-figure__title">{title}</span>}
        columns={['Customer', 'Package', 'Failed payments', 'Last failure', 'Status', 'Order']}
        rows={stats.failing.map((row) => ({
          key: row.orderId,
          cells: [
            row.customerEmail,
            row.packageName,
            row.failedPayments,
            formatOrderDateTime(row.lastFailedAt),
            SUBSCRIPTION_STATUS_LABELS[row.status],
            <Link
              key="order"
              to={`/admin/payment-status/${encodeURIComponent(row.orderId)}`}
              aria-label={`Open the order of ${row.customerEmail}`}
            >
              Open order
            </Link>,
          ],
        }))}
      />
    </div>
  );
}

/**
 * The admin home's "Monthly plans", over the same range as the charts: monthly recurring revenue,
 * the active, suspended and cancelled counts, churn, MRR by month, and the subscriptions whose
 * payment is failing (each linking to its order).
 */
export function MonthlyPlansBlock() {
  const id = useId();
  const days = useStatsDays();
  const stats = useSubscriptionStats(days);
  const range = `in the last ${days} days`;

  let body;
  if (stats.isError) body = <QueryErrorAlert title="Monthly plans" query={stats} />;
  else if (!stats.data) body = <SkeletonBlock label="Loading the monthly plans" lines={4} />;
  else {
    const data = stats.data;
    body = (
      <>
        <dl className="stats-figures-list" aria-label="Monthly plans at a glance">
          <div>
            <dt>MRR</dt>
            <dd>{formatMoney(data.mrr)}</dd>
          </div>
          <div>
            <dt>Active</dt>
            <dd>{data.active}</dd>
          </div>
          <div>
            <dt>Suspended</dt>
            <dd>{data.suspended}</dd>
          </div>
          <div>
            <dt>Cancelled {range}</dt>
            <dd>{data.cancelled}</dd>
          </div>
          <div>
            <dt>Churn {range}</dt>
            <dd>{data.churnPercent === null ? '—' : `${data.churnPercent}%`}</dd>
          </div>
        </dl>
        <div className="stats__figures">
          <MrrFigure stats={data} />
          <FailingPayments stats={data} />
        </div>
      </>
    );
  }

  return (
    <section
      className="card admin-home__block stats"
      aria-labelledby={`${id}-heading`}
      aria-busy={stats.isFetching || undefined}
    >
      <div className="stats__header">
        <h2 id={`${id}-heading`} className="stats__heading">
          Monthly plans
        </h2>
      </div>
      {body}
    </section>
  );
}
