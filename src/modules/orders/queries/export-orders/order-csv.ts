import type { AdminOrderFilter } from '../../../../contracts/orders.js';

export const ORDER_CSV_HEADER = [
  'Order ID',
  'Order Date',
  'Customer Name',
  'Customer Email',
  'Package',
  'Price',
  'Payment Status',
  'Paid Via',
  'Order Status',
] as const;

/**
 * `orders-2026-11-26.csv`, or `orders-filtered-2026-11-26.csv` when a filter applies (UTC date): the
 * filters themselves stay out of the name (a search is typed text).
 */
export function ordersCsvFilename(filter: AdminOrderFilter, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  const filtered = Object.values(filter).some((value) => value !== undefined);
  return `orders-${filtered ? 'filtered-' : ''}${day}.csv`;
}
