import { ORDER_PAGE_SIZES } from '@contracts/orders';
import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AdminOrdersList } from '../../features/orders/components/admin-orders-table';
import { OrderUpdatePanel } from '../../features/orders/components/order-update-panel';
import { OrderNotifications } from '../../features/payments/components/order-notifications';
import { OrderPaypalPanel } from '../../features/payments/components/order-paypal-panel';
import { OrderSubscriptionPanel } from '../../features/payments/components/order-subscription-panel';
import { useAdminOrder } from '../../features/orders/api/orders';
import { useSession } from '../../features/auth/api/get-session';
import { isNotFoundError, NotFoundRoute } from './not-found';

/** `/total-orders`: every order (or the filtered ones, in the address), newest first, 7 per page. */
export function TotalOrdersRoute() {
  return (
    <Page title="Total Orders">
      <PageHeader eyebrow="Admin" title="Total Orders" />
      <Section>
        <Container>
          <AdminOrdersList pageSize={ORDER_PAGE_SIZES.adminOrders} caption="Total Orders" />
        </Container>
      </Section>
    </Page>
  );
}

/**
 * `/admin/payment-status/{id}`: where an admin updates an order; an unknown id is not found. Support
 * reads the order there, without the updates and the money (PayPal, subscription, notifications).
 */
export function PaymentStatusRoute() {
  const { id = '' } = useParams();
  const order = useAdminOrder(id);
  const isAdmin = useSession().data?.account?.role === 'admin';
  if (isNotFoundError(order.error)) return <NotFoundRoute />;
  return (
    <Page title="Update Order">
      <PageHeader eyebrow="Admin" title="Update Order" />
      <Section>
        <Container>
          <OrderUpdatePanel orderId={id} canUpdate={isAdmin} />
        </Container>
      </Section>
      {isAdmin && (
        <>
          <Section>
            <Container>
              {order.data?.billing === 'monthly' && <OrderSubscriptionPanel orderId={id} />}
              <OrderPaypalPanel orderId={id} />
            </Container>
          </Section>
          <Section>
            <Container>
              <OrderNotifications orderId={id} />
            </Container>
          </Section>
        </>
      )}
    </Page>
  );
}
