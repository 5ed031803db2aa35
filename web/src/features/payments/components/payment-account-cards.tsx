import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { EmailAddress } from '../../../components/ui/email-address';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePaymentAccounts } from '../api/payment-accounts';
import './checkout.css';

/**
 * The admin home's payment cards: one per PayPal receiving e-mail (to /paypal-email/{id}), or a
 * warning that payments are not set up, with the way to set them up.
 */
export function PaymentAccountCards() {
  const accounts = usePaymentAccounts();
  if (accounts.isPending) {
    return (
      <div className="card payment-card" role="status">
        <span className="visually-hidden">Loading the PayPal e-mails</span>
        <Skeleton width="7rem" height="0.875rem" />
        <Skeleton width="12rem" className="payment-card__skeleton" />
      </div>
    );
  }
  if (accounts.isError) {
    return <QueryErrorAlert title="The PayPal e-mails" query={accounts} />;
  }
  if (accounts.data.length === 0) {
    return (
      <Alert tone="error">
        Payments are not set up: customers cannot pay their orders.{' '}
        <Link to="/add-paypal-Email">Add the PayPal e-mail</Link>
      </Alert>
    );
  }
  return (
    <ul className="payment-cards" aria-label="PayPal e-mails">
      {accounts.data.map((account) => (
        <li key={account._id} className="card payment-card">
          <p className="payment-card__label">
            {account.active ? 'Payments go to' : 'PayPal e-mail (not used)'}
          </p>
          <Link
            to={`/paypal-email/${encodeURIComponent(account._id)}`}
            className="payment-card__email"
          >
            <EmailAddress email={account.paypalEmail} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
