import { formatMoney, type Order } from '@contracts/orders';
import { PER_MONTH } from '@contracts/subscriptions';

/** An order's price as its screens show it: `$499.00`, or `$499.00/month` for a monthly plan. */
export function orderPrice(order: Pick<Order, 'packagePrice' | 'billing'>): string {
  return `${formatMoney(order.packagePrice)}${order.billing === 'monthly' ? PER_MONTH : ''}`;
}
