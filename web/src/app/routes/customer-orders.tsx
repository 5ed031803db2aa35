import { ORDER_PAGE_SIZES, ORDER_TEXTS } from '@contracts/orders';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { CustomerOrdersTable } from '../../features/orders/components/customer-orders-table';

/**
 * `/pending-order`: 'Your Pending Orders', the open ones (Pending, neither Cancelled nor Refunded; paid
 * ones awaiting delivery too), 5 per page, newest first, Pay Now while UnPaid.
 */
export function PendingOrderRoute() {
  return (
    <Page title={ORDER_TEXTS.pendingTitle}>
      <PageHeader eyebrow="Orders" title={ORDER_TEXTS.pendingTitle}>
        <p>Pay an order to get started; we begin as soon as PayPal confirms the payment.</p>
      </PageHeader>
      <Section>
        <Container>
          <CustomerOrdersTable
            pageSize={ORDER_PAGE_SIZES.customerOrders}
            caption={ORDER_TEXTS.pendingTitle}
            variant="orders"
            list="open"
          />
        </Container>
      </Section>
    </Page>
  );
}

/** `/my-order`: 'My Orders', every order, with the paid and cancelled labels. */
export function MyOrderRoute() {
  return (
    <Page title={ORDER_TEXTS.myOrdersTitle}>
      <PageHeader eyebrow="Orders" title={ORDER_TEXTS.myOrdersTitle} />
      <Section>
        <Container>
          <CustomerOrdersTable
            pageSize={ORDER_PAGE_SIZES.customerOrders}
            caption={ORDER_TEXTS.myOrdersTitle}
            variant="orders"
          />
        </Container>
      </Section>
    </Page>
  );
}
