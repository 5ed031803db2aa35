import { useNavigate, useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { QueryErrorAlert } from '../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../components/ui/skeleton';
import { usePaymentAccount } from '../../features/payments/api/payment-accounts';
import { PaymentAccountForm } from '../../features/payments/components/payment-account-form';

/** `/add-paypal-Email` (admins): add the PayPal e-mail payments go to. */
export function AddPaypalEmailRoute() {
  const navigate = useNavigate();
  return (
    <Page title="Add Paypal Email">
      <PageHeader eyebrow="Admin" title="Add Paypal Email">
        <p>Customers' payments go to the first PayPal e-mail stored.</p>
      </PageHeader>
      <Section>
        <Container>
          <PaymentAccountForm onSaved={() => navigate('/admin')} />
        </Container>
      </Section>
    </Page>
  );
}

/** `/paypal-email/{id}` (admins): change a PayPal e-mail; who changed it last and when is shown. */
export function PaypalEmailRoute() {
  const { id = '' } = useParams();
  const account = usePaymentAccount(id);
  return (
    <Page title="Update Paypal Email">
      <PageHeader eyebrow="Admin" title="Update Paypal Email" />
      <Section>
        <Container>
          {account.isPending ? (
            <SkeletonBlock label="Loading the PayPal e-mail" />
          ) : account.isError ? (
            <QueryErrorAlert query={account} />
          ) : (
            <>
              <p>
                Last changed {new Date(account.data.updatedAt).toLocaleString('en-US')}
                {account.data.updatedBy ? ` by ${account.data.updatedBy}` : ' (demo content)'}.
              </p>
              <PaymentAccountForm
                key={account.data.updatedAt}
                id={account.data._id}
                defaultEmail={account.data.paypalEmail}
              />
            </>
          )}
        </Container>
      </Section>
    </Page>
  );
}
