import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { CancelPayment } from '../../features/orders/components/cancel-payment';
import { PaymentReturn } from '../../features/orders/components/payment-return';
import { CheckoutForm } from '../../features/payments/components/checkout-form';
import { useAccount } from './use-account';

/** `/pay-now/{id}`: the PayPal checkout of an unpaid order. */
export function PayNowRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Pay Now">
      <PageHeader eyebrow="Payment" title="Pay Now" />
      <Section>
        <Container>
          <CheckoutForm orderId={id} />
        </Container>
      </Section>
    </Page>
  );
}

/** `/received-payment/{id}`: back from PayPal. */
export function ReceivedPaymentRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Payment">
      <PageHeader eyebrow="Payment" title="Thank you" />
      <Section>
        <Container>
          <PaymentReturn orderId={id} />
        </Container>
      </Section>
    </Page>
  );
}

/** `/order-cancelled/{id}`: the payment was cancelled at PayPal. */
export function OrderCancelledRoute() {
  const { id = '' } = useParams();
  const account = useAccount();
  if (!account) return null;
  return (
    <Page title="Payment cancelled">
      <PageHeader eyebrow="Payment" title="Payment cancelled" />
      <Section>
        <Container>
          <CancelPayment orderId={id} isAdmin={account.isAdmin} />
        </Container>
      </Section>
    </Page>
  );
}
