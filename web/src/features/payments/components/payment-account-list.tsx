import { PAYMENT_TEXTS, type PaymentAccount } from '@contracts/payments';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmailAddress } from '../../../components/ui/email-address';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import {
  useActivatePaymentAccount,
  usePaymentAccounts,
  useRemovePaymentAccount,
} from '../api/payment-accounts';
import './payment-account-list.css';

/**
 * The PayPal receiving e-mails on `/add-paypal-Email`: the one payments go to (active), then every
 * stored one with Edit, and for the others Make active and Remove (the server refuses to remove the
 * active one). Each action says once whether the server took it, and the list shows what it changed.
 */
export function PaymentAccountList() {
  const titleId = useId();
  const accounts = usePaymentAccounts();
  const activation = useActivatePaymentAccount();
  const removal = useRemovePaymentAccount();
  const { confirm, dialog } = useConfirm();
  const busy = activation.isPending || removal.isPending;

  const activate = async (account: PaymentAccount) => {
    const confirmed = await confirm({
      title: `Send payments to ${account.paypalEmail}?`,
      message: 'Customers who pay from now on pay this PayPal account.',
      confirmLabel: 'Make active',
    });
    if (!confirmed) return;
    activation.mutate(account._id, {
      onSuccess: (saved) => toast.success(PAYMENT_TEXTS.accountActivated(saved.paypalEmail)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const remove = async (account: PaymentAccount) => {
    const confirmed = await confirm({
      title: `Remove ${account.paypalEmail}?`,
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    removal.mutate(account._id, {
      onSuccess: () => toast.success(PAYMENT_TEXTS.accountRemoved(account.paypalEmail)),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  if (accounts.isPending) return <SkeletonBlock label="Loading the PayPal e-mails" />;
  if (accounts.isError) return <QueryErrorAlert title="The PayPal e-mails" query={accounts} />;
  const active = accounts.data.find((account) => account.active);

  return (
    <section className="payment-accounts" aria-labelledby={titleId}>
      {dialog}
      <h2 id={titleId} className="payment-accounts__title">
        Receiving e-mails
      </h2>
      {active ? (
        <p className="payment-accounts__current">
          Customers&apos; payments go to{' '}
          <strong>
            <EmailAddress email={active.paypalEmail} />
          </strong>
          .
        </p>
      ) : (
        <Alert tone="error">
          Payments are not set up: customers cannot pay their orders. Add the PayPal e-mail below.
        </Alert>
      )}
      {accounts.data.length > 0 && (
        <ul className="payment-accounts__list" aria-label="PayPal e-mails">
          {accounts.data.map((account) => (
            <li key={account._id} className="card payment-accounts__item">
              <div className="payment-accounts__email">
                <EmailAddress email={account.paypalEmail} />
                {account.active ? <Badge tone="success">Active</Badge> : <Badge>Not used</Badge>}
              </div>
              <div className="payment-accounts__actions">
                <Link
                  to={`/paypal-email/${encodeURIComponent(account._id)}`}
                  className="btn btn--ghost btn--md"
                >
                  Edit<span className="visually-hidden"> {account.paypalEmail}</span>
                </Link>
                {!account.active && (
                  <>
                    <Button
                      variant="secondary"
                      onClick={() => void activate(account)}
                      isLoading={activation.isPending && activation.variables === account._id}
                      disabled={busy}
                    >
                      Make active
                      <span className="visually-hidden"> {account.paypalEmail}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      className="payment-accounts__remove"
                      onClick={() => void remove(account)}
                      isLoading={removal.isPending && removal.variables === account._id}
                      disabled={busy}
                    >
                      Remove<span className="visually-hidden"> {account.paypalEmail}</span>
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
