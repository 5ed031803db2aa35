import {
  type AdminStats,
  DEFAULT_STATS_RANGE,
  STATS_BUCKETS,
  STATS_RANGES,
  type StatsBucket,
} from '@contracts/insights';
import { formatMoney } from '@contracts/orders';
import { type ReactNode, useId, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { DataTable, DataTableEmpty, DataTableHead } from '../../../components/ui/table';
import { useAdminStats } from '../api/admin-stats';
import { type ChartSeries, StatsChart } from './stats-chart';
import './insights.css';

/** The block's choices in the address (`?statsDays=30&statsPer=week`), left out when the default. */
const DAYS_PARAM = 'statsDays';
const BUCKET_PARAM = 'statsPer';
const DEFAULT_BUCKET: StatsBucket = 'day';

const BUCKET_LABELS: Record<StatsBucket, string> = { day: 'Day', week: 'Week', month: 'Month' };
const PER_BUCKET: Record<StatsBucket, string> = {
  day: 'per day',
  week: 'per week',
  month: 'per month',
};

/** The days the admin home's charts cover (`?statsDays=`), for the blocks that follow them. */
export function useStatsDays(): number {
  const [search] = useSearchParams();
  return readDays(search.get(DAYS_PARAM));
}

function readDays(value: string | null): number {
  const days = Number(value);
  return (STATS_RANGES as readonly number[]).includes(days) ? days : DEFAULT_STATS_RANGE;
}
function readBucket(value: string | null): StatsBucket {
  return (STATS_BUCKETS as readonly string[]).includes(value ?? '')
    ? (value as StatsBucket)
    : DEFAULT_BUCKET;
}

/** Exact sums of money strings ("12.30"), in whole cents: no floating point on the way. */
export function sumMoney(amounts: string[]): string {
  const cents = amounts.reduce((total, amount) => {
    const [whole = '0', fraction = ''] = amount.split('.');
    return total + BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  }, 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A bucket as a table row names it: '3 Mar 2025', 'Week of 3 Mar 2025', 'Mar 2025'. */
function periodOf(start: string, bucket: StatsBucket): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (bucket === 'month') return monthFormat.format(date);
  const day = dayFormat.format(date);
  return bucket === 'week' ? `Week of ${day}` : day;
}

const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
const whole = (value: number) => String(Math.round(value));

interface StatsTableProps {
  /** The table's accessible name (a figure's table) or its visible caption (a table on its own). */
  label?: string;
  caption?: ReactNode;
  className?: string;
  /** The columns' titles: the first names each row. */
  columns: ReactNode[];
  rows: { key: string; cells: ReactNode[] }[];
}

/**
 * A table of the numbers; on a phone its rows become cards (each cell under its column's title), so
 * that nothing scrolls sideways. A table of cards names its parts' roles (see `DataTable`).
 */
export function StatsTable({ label, caption, className, columns, rows }: StatsTableProps) {
  const titles = columns.map((column) => (typeof column === 'string' ? column : undefined));
  return (
    <DataTable aria-label={label} className={className}>
      {caption && <caption>{caption}</caption>}
      <DataTableHead columns={columns} />
      <tbody role="rowgroup">
        {rows.map(({ key, cells }) => (
          <tr key={key} role="row">
            {cells.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row" role="rowheader" data-label={titles[index]}>
                  {cell}
                </th>
              ) : (
                <td key={index} role="cell" data-label={titles[index]}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** A chart and its numbers: the caption says what it shows, the table (folded) every value. */
export function StatsFigure({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="stats-figure" aria-labelledby={id}>
      <figcaption id={id}>
        <span className="stats-figure__title">{title}</span>{' '}
        <span className="stats-figure__summary">{summary}</span>
      </figcaption>
      {chart}
      <details className="stats-figure__table">
        <summary>Show as table</summary>
        {table}
      </details>
    </figure>
  );
}

function SalesFigure({ stats, range }: { stats: AdminStats; range: string }) {
  const orders = sum(stats.sales.map((row) => row.orders));
  const days = useMemo(() => stats.sales.map((row) => row.start), [stats]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Paid', stroke: '#1d7a46', values: stats.sales.map((row) => Number(row.paidTotal)) },
      {
        label: 'Refunded',
        stroke: '#b3261e',
        values: stats.sales.map((row) => Number(row.refundedTotal)),
      },
    ],
    [stats],
  );
  const title = `Revenue ${PER_BUCKET[stats.bucket]}`;
  if (orders === 0) {
    return (
      <div className="stats-figure">
        <p className="stats-figure__title">{title}</p>
        <DataTableEmpty>No orders {range}.</DataTableEmpty>
      </div>
    );
  }
  const paid = sumMoney(stats.sales.map((row) => row.paidTotal));
  const refunded = sumMoney(stats.sales.map((row) => row.refundedTotal));
  return (
    <StatsFigure
      title={title}
      summary={`${formatMoney(paid)} paid, ${formatMoney(refunded)} refunded, ${orders} ${
        orders === 1 ? 'order' : 'orders'
      } ${range}.`}
      chart={<StatsChart days={days} series={series} formatValue={dollars} />}
      table={
        <StatsTable
          label={title}
          columns={[
            BUCKET_LABELS[stats.bucket],
            'Orders',
            'Paid orders',
            'Paid',
            'Refunded orders',
            'Refunded',
          ]}
          rows={stats.sales.map((row) => ({
            key: row.start,
            cells: [
              periodOf(row.start, stats.bucket),
              row.orders,
              row.paidOrders,
              formatMoney(row.paidTotal),
              row.refundedOrders,
              formatMoney(row.refundedTotal),
            ],
          }))}
        />
      }
    />
  );
}

function SubscribersFigure({ stats, range }: { stats: AdminStats; range: string }) {
  const gained = sum(stats.subscribers.map((row) => row.gained));
  const lost = sum(stats.subscribers.map((row) => row.lost));
  const days = useMemo(() => stats.subscribers.map((row) => row.start), [stats]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: 'Gained', stroke: '#1d5fa8', values: stats.subscribers.map((row) => row.gained) },
      { label: 'Lost', stroke: '#b3261e', values: stats.subscribers.map((row) => row.lost) },
    ],
    [stats],
  );
  const title = `Subscribers ${PER_BUCKET[stats.bucket]}`;
  if (gained + lost === 0) {
    return (
      <div className="stats-figure">
        <p className="stats-figure__title">{title}</p>
        <DataTableEmpty>No subscribers gained or lost {range}.</DataTableEmpty>
      </div>
    );
  }
  return (
    <StatsFigure
      title={title}
      summary={`${gained} gained, ${lost} lost ${range}.`}
      chart={<StatsChart days={days} series={series} formatValue={whole} />}
      table={
        <StatsTable
          label={title}
          columns={[BUCKET_LABELS[stats.bucket], 'Gained', 'Lost']}
          rows={stats.subscribers.map((row) => ({
            key: row.start,
            cells: [periodOf(row.start, stats.bucket), row.gained, row.lost],
          }))}
        />
      }
    />
  );
}

/**
 * Orders by their delivery and payment status (the spec's statuses), each with a bar of its share:
 * the table is the chart, so it needs no canvas.
 */
function StatusFigure({ stats, range }: { stats: AdminStats; range: string }) {
  const total = sum(stats.stages.map((row) => row.orders));
  const title = 'Orders by status';
  if (total === 0) {
    return (
      <div className="stats-figure">
        <p className="stats-figure__title">{title}</p>
        <DataTableEmpty>No orders {range}.</DataTableEmpty>
      </div>
    );
  }
  return (
    <div className="stats-figure">
      <StatsTable
        className="stats-status"
        caption={
          <>
            <span className="stats-figure__title">{title}</span>{' '}
            <span className="stats-figure__summary">
              {total} {total === 1 ? 'order' : 'orders'} {range}.
            </span>
          </>
        }
        columns={['Order Status', 'Payment Status', 'Orders', 'Share']}
        rows={stats.stages.map((row) => ({
          key: `${row.orderStatus}-${row.paymentStatus}`,
          cells: [
            row.orderStatus,
            row.paymentStatus,
            row.orders,
            <span
              key="bar"
              className="stats-status__bar"
              style={{ width: `${(row.orders / total) * 100}%` }}
              aria-label={`${Math.round((row.orders / total) * 100)}%`}
              role="img"
            />,
          ],
        }))}
      />
    </div>
  );
}

/**
 * The admin home's 'At a glance': revenue (paid and refunded), orders by status and subscribers over
 * the last 30, 90 or 365 days, per day, week or month. The choices live in the address; the live
 * feed refreshes the numbers when an order, a payment or a subscriber changes.
 */
export function AdminStatsBlock() {
  const [search, setSearch] = useSearchParams();
  const days = readDays(search.get(DAYS_PARAM));
  const bucket = readBucket(search.get(BUCKET_PARAM));
  const stats = useAdminStats(days, bucket);
  const id = useId();

  const choose = (name: string, value: string, fallback: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const range = `in the last ${days} days`;
  let body: ReactNode;
  if (stats.isError) body = <QueryErrorAlert title="At a glance" query={stats} />;
  else if (!stats.data) body = <SkeletonBlock label="Loading the charts" lines={6} />;
  else
    body = (
      <div className="stats__figures">
        <SalesFigure stats={stats.data} range={range} />
        <StatusFigure stats={stats.data} range={range} />
        <SubscribersFigure stats={stats.data} range={range} />
      </div>
    );

  return (
    <section
      className="card admin-home__block stats"
      aria-labelledby={`${id}-heading`}
      aria-busy={stats.isFetching || undefined}
    >
      <div className="stats__header">
        <h2 id={`${id}-heading`} className="stats__heading">
          At a glance
        </h2>
        <div className="stats__controls">
          <label htmlFor={`${id}-days`}>Range</label>
          <select
            id={`${id}-days`}
            className="input"
            value={days}
            onChange={(event) =>
              choose(DAYS_PARAM, event.target.value, String(DEFAULT_STATS_RANGE))
            }
          >
            {STATS_RANGES.map((option) => (
              <option key={option} value={option}>
                Last {option} days
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-bucket`}>Per</label>
          <select
            id={`${id}-bucket`}
            className="input"
            value={bucket}
            onChange={(event) => choose(BUCKET_PARAM, event.target.value, DEFAULT_BUCKET)}
          >
            {STATS_BUCKETS.map((option) => (
              <option key={option} value={option}>
                {BUCKET_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
    </section>
  );
}
