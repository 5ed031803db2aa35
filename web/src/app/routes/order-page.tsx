import { readsEveryOrder } from '@contracts/identity';
import { formatOrderDate, ORDER_TEXTS } from '@contracts/orders';
import { Link, useParams } from 'react-router-dom';
import { Container, Page, PageHeader, PageLoading, Section } from '../../components/ui/page';
import { QueryErrorAlert } from '../../components/ui/query-error-alert';
import { Deliverables } from '../../features/deliverables';
import { IntakeSection } from '../../features/intake';
import { OrderThread } from '../../features/order-thread';
import { type OrderViewer, useOrderFor } from '../../features/orders/api/orders';
import { OrderInvoicesCard, OrderOverview } from '../../features/orders/components/order-overview';
import { OrderTimeline } from '../../features/orders/components/order-timeline';
import '../../features/orders/components/order-page.css';
import { isNotFoundError, NotFoundRoute } from './not-found';
import { useAccount } from './use-account';

/**
 * `/orders/{id}`: one order, for its customer and for admins (the same address): what was ordered, its
 * payment, stage and due date, its invoices, the workspace's blocks and the timeline of everything that
 * happened. Another customer's order, an unknown id and a malformed one are the not-found page.
 */
export function OrderPageRoute() {
  const account = useAccount();
  const { id = '' } = useParams();
  if (!account) return null;
  // Support reads every order as the admins do (their writes stay refused to it by the API).
  return <OrderPage orderId={id} viewer={readsEveryOrder(account.role) ? 'admin' : 'customer'} />;
}

export function OrderPage({ orderId, viewer }: { orderId: string; viewer: OrderViewer }) {
  const order = useOrderFor(viewer, orderId);
  if (isNotFoundError(order.error)) return <NotFoundRoute />;
  const back =
    viewer === 'admin'
      ? { to: '/total-orders', text: 'All orders' }
      : { to: '/my-order', text: ORDER_TEXTS.myOrdersTitle };
  return (
    <Page title={order.data ? `${order.data.packageName} order` : ORDER_TEXTS.orderPageTitle}>
      <PageHeader
        eyebrow={viewer === 'admin' ? 'Admin · Order' : 'Your order'}
        title={order.data ? `${order.data.packageName} package` : ORDER_TEXTS.orderPageTitle}
      >
        {order.data && (
          <p>
            Ordered on {formatOrderDate(order.data.orderDate)}
            {viewer === 'admin' ? ` by ${order.data.customerName}` : ''}
          </p>
        )}
      </PageHeader>
      <Section>
        <Container>
          <div className="order-page">
            <p className="order-page__back">
              <Link to={back.to}>← {back.text}</Link>
            </p>
            {order.isPending ? (
              <PageLoading label="Loading the order…" />
            ) : order.isError ? (
              <QueryErrorAlert query={order} title="The order" />
            ) : (
              <>
                <OrderOverview order={order.data} viewer={viewer} />
                <OrderInvoicesCard order={order.data} />
                <div className="order-page__workspace">
                  <IntakeSection order={order.data} viewer={viewer} />
                  <Deliverables order={order.data} viewer={viewer} />
                  <OrderThread order={order.data} viewer={viewer} />
                </div>
                <section className="card order-page__card" aria-labelledby="order-timeline-heading">
                  <h2 id="order-timeline-heading" className="order-page__card-title">
                    {ORDER_TEXTS.timelineTitle}
                  </h2>
                  <OrderTimeline orderId={orderId} viewer={viewer} />
                </section>
              </>
            )}
          </div>
        </Container>
      </Section>
    </Page>
  );
}
