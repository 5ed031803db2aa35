import { formatMoney } from '@contracts/orders';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminOrderSummary } from '../api/orders';
import './orders.css';

/** Total Sales: the exact sum over Paid orders, '$' and two decimals (spec §9); and the order count. */
export function TotalSalesCard() {
  const summary = useAdminOrderSummary();
  if (summary.isError) {
    return <QueryErrorAlert title="Total Sales" query={summary} />;
  }
  const value = (text: (data: NonNullable<typeof summary.data>) => string | number) =>
    summary.data ? text(summary.data) : <Skeleton width="6rem" height="1.75rem" />;
  return (
    <ul className="order-cards" aria-label="Sales" aria-busy={summary.isPending || undefined}>
      <li className="card order-card">
        <h2 className="order-card__label">Total Sales</h2>
        <p className="order-card__value">{value((data) => formatMoney(data.totalSales))}</p>
      </li>
      <li className="card order-card">
        <h2 className="order-card__label">Total Orders</h2>
        <p className="order-card__value">{value((data) => data.orderCount)}</p>
      </li>
    </ul>
  );
}
