import { formatMoney } from '@contracts/orders';
import { Link } from 'react-router-dom';
import { useMyOrderSummary } from '../api/orders';
import './orders.css';

/** My Orders (count), Total Spent (USD) over Paid orders, and Support (spec §2). */
export function CustomerSummaryCards() {
  const summary = useMyOrderSummary();
  const value = (text: string | undefined) => (summary.isPending ? '…' : (text ?? '—'));
  return (
    <ul className="order-cards" aria-label="Your orders at a glance">
      <li className="card order-card">
        <h2 className="order-card__label">My Orders</h2>
        <p className="order-card__value">{value(summary.data?.orderCount.toString())}</p>
      </li>
      <li className="card order-card">
        <h2 className="order-card__label">Total Spent (USD)</h2>
        <p className="order-card__value">
          {value(summary.data ? formatMoney(summary.data.totalSpent) : undefined)}
        </p>
      </li>
      <li className="card order-card">
        <h2 className="order-card__label">Support</h2>
        <p className="order-card__value">
          <Link to="/contact">Contact us</Link>
        </p>
      </li>
    </ul>
  );
}
