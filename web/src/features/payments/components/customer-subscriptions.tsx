import { formatOrderDate } from '@contracts/orders';
import { type Subscription, SUBSCRIPTION_TEXTS } from '@contracts/subscriptions';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useCancelMySubscription, useMySubscriptions } from '../api/subscriptions';
import {
  nextBillingText,
  perMonth,
  SubscriptionPaymentList,
  SubscriptionStatusBadge,
} from './subscription-parts';
import './subscriptions.css';

const CANCELLABLE = new Set<Subscription['status']>(['ACTIVE', 'SUSPENDED']);

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const headingId = useId();
  const cancel = useCancelMySubscription();
  const { confirm, dialog } = useConfirm();
  // The paid month ends at the next billing date: the service runs until then.
  const paidUntil = subscription.nextBillingAt ?? subscription.endsAt;

  const onCancel = async () => {
    const confirmed = await confirm({
      title: `Cancel your ${subscription.packageName} plan?`,
      message: SUBSCRIPTION_TEXTS.cancelConfirm(
        paidUntil ? formatOrderDate(paidUntil) : 'the end of the paid month',
      ),
      confirmLabel: 'Cancel subscription',
      cancelLabel: 'Keep it',
    });
    if (!confirmed) return;
    cancel.mutate(subscription._id, {
      onSuccess: (cancelled) =>
        toast.success(
          cancelled.endsAt
            ? SUBSCRIPTION_TEXTS.cancelled(formatOrderDate(cancelled.endsAt))
            : SUBSCRIPTION_TEXTS.cancelledAlready,
        ),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <li className="card subscription" aria-labelledby={headingId}>
      <div className="subscription__head">
        <h3 id={headingId}>{subscription.packageName}</h3>
        <SubscriptionStatusBadge status={subscription.status} />
      </div>
      {subscription.failedPayments > 0 && subscription.fixPaymentUrl && (
        <Alert tone="error">
          {SUBSCRIPTION_TEXTS.paymentFailed}{' '}
          <a href={subscription.fixPaymentUrl} target="_blank" rel="noreferrer">
            {SUBSCRIPTION_TEXTS.fixAtPaypal}
          </a>
        </Alert>
      )}
      <dl className="subscription__details">
        <div>
          <dt>Price</dt>
          <dd>{perMonth(subscription.price)}</dd>
        </div>
        <div>
          <dt>{subscription.status === 'ACTIVE' ? 'Next billing' : 'Billing'}</dt>
          <dd>{nextBillingText(subscription)}</dd>
        </div>
      </dl>
      <SubscriptionPaymentList
        subscription={subscription}
        label={`Payments of the ${subscription.packageName} plan`}
      />
      {CANCELLABLE.has(subscription.status) && (
        <div className="subscription__actions">
          <Button
            variant="secondary"
            isLoading={cancel.isPending}
            loadingText="Cancelling…"
            onClick={() => void onCancel()}
          >
            Cancel
          </Button>
        </div>
      )}
      {dialog}
    </li>
  );
}

/**
 * The dashboard's "Subscriptions": the customer's monthly plans (package, price per month, status,
 * next billing date, payments with their invoices), a failed payment's link to fix it at PayPal, and
 * Cancel (at PayPal, the service running to the end of the paid month). Nothing without a plan.
 */
export function CustomerSubscriptions() {
  const headingId = useId();
  const subscriptions = useMySubscriptions();
  if (subscriptions.isPending) return null;
  if (subscriptions.isError) return <QueryErrorAlert query={subscriptions} />;
  if (subscriptions.data.length === 0) return null;
  return (
    <section className="subscriptions" aria-labelledby={headingId}>
      <h2 id={headingId}>Subscriptions</h2>
      <ul className="subscriptions__list">
        {subscriptions.data.map((subscription) => (
          <SubscriptionCard key={subscription._id} subscription={subscription} />
        ))}
      </ul>
    </section>
  );
}
