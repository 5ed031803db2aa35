import { useParams } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { QueryErrorAlert } from '../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../components/ui/skeleton';
import { usePaymentAccount } from '../../features/payments/api/payment-accounts';
import { PaymentAccountForm } from '../../features/payments/components/payment-account-form';
import { PaymentAccountList } from '../../features/payments/components/payment-account-list';
import { isNotFoundError, NotFoundRoute } from './not-found';

/**
 * `/add-paypal-Email` (admins): the PayPal e-mail payments go to and the others stored (switch to
 * one, remove one), then the form adding one.
 */
export function AddPaypalEmailRoute() {
  return (
    <Page title="Add Paypal Email">
      <PageHeader eyebrow="Admin" title="Add Paypal Email">
        <p>
          Customers&apos; payments go to the active PayPal e-mail. A new e-mail is used once you
          make it active (the first one at once).
        </p>
      </PageHeader>
      <Section>
        <Container>
          <PaymentAccountList />
          <h2 className="payment-accounts__title">Add a PayPal e-mail</h2>
          <PaymentAccountForm />
        </Container>
      </Section>
    </Page>
  );
}

/** `/paypal-email/{id}` (admins): change a PayPal e-mail; who changed it last and when is shown. */
export function PaypalEmailRoute() {
  const { id = '' } = useParams();
  const account = usePaymentAccount(id);
  // An id that names no e-mail (or none at all) is an unknown page.
  if (account.isError && isNotFoundError(account.error)) return <NotFoundRoute />;
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
                {account.data.active ? (
                  <Badge tone="success">Active: payments go here</Badge>
                ) : (
                  <Badge>Not used: make it active on the Add Paypal Email page</Badge>
                )}
              </p>
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
