import { type Order, ORDER_TEXTS } from '@contracts/orders';
import { Link } from 'react-router-dom';

/**
 * 'Pay Now' (to /pay-now/{id}) while UnPaid, 'You Have Paid', 'You Have Cancelled' (spec §2), 'Refunded',
 * and while a dispute the customer opened at PayPal holds the money, or after PayPal took it back, says so.
 * An UnPaid order whose payment PayPal holds as pending, or which is under review, says that instead of
 * offering to pay again (PayPal would refuse).
 */
export function PaymentCell({
  order,
}: {
  order: Pick<Order, '_id' | 'paymentStatus' | 'paymentHold'>;
}) {
  switch (order.paymentStatus) {
    case 'UnPaid':
      if (order.paymentHold === 'pending') {
        return <span className="order-state order-state--held">{ORDER_TEXTS.paymentPending}</span>;
      }
      if (order.paymentHold === 'review') {
        return (
          <span className="order-state order-state--held">{ORDER_TEXTS.paymentUnderReview}</span>
        );
      }
      return (
        <Link className="order-pay-link" to={`/pay-now/${encodeURIComponent(order._id)}`}>
          {ORDER_TEXTS.payNow}
        </Link>
      );
    case 'Paid':
      return <span className="order-state order-state--paid">{ORDER_TEXTS.paid}</span>;
    case 'Cancelled':
      return <span className="order-state order-state--cancelled">{ORDER_TEXTS.cancelled}</span>;
    case 'Refunded':
      return <span className="order-state order-state--refunded">{ORDER_TEXTS.refunded}</span>;
    case 'Disputed':
      return <span className="order-state order-state--disputed">{ORDER_TEXTS.disputed}</span>;
    case 'Reversed':
      return <span className="order-state order-state--reversed">{ORDER_TEXTS.reversed}</span>;
  }
}
