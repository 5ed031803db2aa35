import { formatMoney } from '@contracts/orders';
import { useAdminOrderSummary } from '../api/orders';
import './orders.css';

/** Total Sales: the exact sum over Paid orders, '$' and two decimals (spec §9). */
export function TotalSalesCard() {
  const summary = useAdminOrderSummary();
  return (
    <ul className="order-cards" aria-label="Sales">
      <li className="card order-card">
        <h2 className="order-card__label">Total Sales</h2>
        <p className="order-card__value">
          {summary.data ? formatMoney(summary.data.totalSales) : summary.isPending ? '…' : '—'}
        </p>
      </li>
      <li className="card order-card">
        <h2 className="order-card__label">Total Orders</h2>
        <p className="order-card__value">
          {summary.data ? summary.data.orderCount : summary.isPending ? '…' : '—'}
        </p>
      </li>
    </ul>
  );
}
