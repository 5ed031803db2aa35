import { type Account } from '@contracts/identity';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { ChangePasswordForm } from './change-password-form';
import './account-panel.css';

function ResendVerificationButton() {
  const mutation = useResendVerification();
  const onClick = () =>
    mutation.mutate(undefined, {
      onSuccess: (notice) => toast.success(notice.message),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <Button variant="secondary" onClick={onClick} isLoading={mutation.isPending}>
      Resend verification e-mail
    </Button>
  );
}

function signInMethods(account: Account): string {
  const methods = [account.hasPassword && 'Password', account.googleLinked && 'Google'];
  return methods.filter(Boolean).join(', ') || 'None';
}

/** The signed-in customer's account: e-mail, its verification, and the password form. */
export function AccountPanel({ account }: { account: Account }) {
  return (
    <div className="account-panel">
      <section className="card account-panel__card" aria-labelledby="account-details-heading">
        <h2 id="account-details-heading" className="account-panel__title">
          Your account
        </h2>
        <dl className="account-panel__details">
          <div className="account-panel__item">
            <dt>E-mail address</dt>
            <dd className="account-panel__email">{account.email}</dd>
          </div>
          <div className="account-panel__item">
            <dt>E-mail status</dt>
            <dd>
              {account.emailVerified ? (
                <Badge tone="success">Verified</Badge>
              ) : (
                <Badge tone="warning">Not verified</Badge>
              )}
            </dd>
          </div>
          <div className="account-panel__item">
            <dt>Sign-in methods</dt>
            <dd>{signInMethods(account)}</dd>
          </div>
        </dl>
        {!account.emailVerified && (
          <div className="account-panel__verify">
            <p>Open the link in the e-mail we sent you to verify your address. Did not get it?</p>
            <ResendVerificationButton />
          </div>
        )}
      </section>

      <section className="card account-panel__card" aria-labelledby="account-password-heading">
        <h2 id="account-password-heading" className="account-panel__title">
          Password
        </h2>
        <ChangePasswordForm key={String(account.hasPassword)} hasPassword={account.hasPassword} />
      </section>
    </div>
  );
}
