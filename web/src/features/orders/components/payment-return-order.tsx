import { formatOrderDate, type Order } from '@contracts/orders';
import { Fragment, type ReactNode } from 'react';
import { LinkButton } from '../../../components/ui/button';
import { Container, PageHeader, Section } from '../../../components/ui/page';
import './orders.css';
import { orderPrice } from './order-price';

/**
 * The page a payment comes back to (`/received-payment/{id}`, `/order-cancelled/{id}`): a heading that
 * says what happened to the order, the order itself, what happens next, and the way on (My Orders,
 * the dashboard): never a dead end.
 */
export function PaymentOutcomePage({
  title,
  order,
  children,
}: {
  title: string;
  order?: Order;
  /** What happened and what happens next. */
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow="Payment" title={title} />
      <Section>
        <Container narrow>
          <div className="card payment-outcome">
            {order && <OrderFacts order={order} />}
            <div className="payment-outcome__next" aria-live="polite">
              {children}
            </div>
            <div className="payment-outcome__links">
              <LinkButton to="/my-order">My Orders</LinkButton>
              <LinkButton to="/dashboard" variant="secondary">
                Go to your dashboard
              </LinkButton>
            </div>
          </div>
        </Container>
      </Section>
    </>
  );
}

/** The order a payment page is about: package, price, date and its two states. */
export function OrderFacts({ order }: { order: Order }) {
  const facts: [string, string][] = [
    ['Package', order.packageName],
    ['Price', orderPrice(order)],
    ['Order Date', formatOrderDate(order.orderDate)],
    ['Order Status', order.orderStatus],
    ['Payment Status', order.paymentStatus],
  ];
  return (
    <dl className="order-details payment-outcome__order">
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
