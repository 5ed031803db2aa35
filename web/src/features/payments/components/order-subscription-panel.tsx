import { formatOrderDate, formatOrderDateTime } from '@contracts/orders';
import {
  adminSubscriptionActionSchema,
  type Subscription,
  SUBSCRIPTION_TEXTS,
} from '@contracts/subscriptions';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField, Input } from '../../../components/ui/form-field';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import {
  type AdminSubscriptionVerb,
  useAdminSubscriptionAction,
  useOrderSubscription,
} from '../api/subscriptions';
import {
  nextBillingText,
  perMonth,
  SubscriptionPaymentList,
  SubscriptionStatusBadge,
} from './subscription-parts';
import './subscriptions.css';

type ReasonVerb = Exclude<AdminSubscriptionVerb, 'migrate'>;

const ACTIONS: Record<
  ReasonVerb,
  { label: string; title: string; message: string; allowed: Subscription['status'][] }
> = {
  suspend: {
    label: 'Pause',
    title: 'Pause this subscription at PayPal?',
    message: 'Nothing is charged until it is resumed.',
    allowed: ['ACTIVE'],
  },
  activate: {
    label: 'Resume',
    title: 'Resume this subscription at PayPal?',
    message: 'PayPal bills it every month again.',
    allowed: ['SUSPENDED'],
  },
  cancel: {
    label: 'Cancel',
    title: 'Cancel this subscription at PayPal?',
    message: 'Nothing more is charged; the customer is told by e-mail.',
    allowed: ['ACTIVE', 'SUSPENDED'],
  },
};

/** What the admin reads once the server did it. */
function doneText(verb: AdminSubscriptionVerb, after: Subscription): string {
  switch (verb) {
    case 'suspend':
      return SUBSCRIPTION_TEXTS.suspended;
    case 'activate':
      return SUBSCRIPTION_TEXTS.resumed;
    case 'cancel':
      return after.endsAt
        ? SUBSCRIPTION_TEXTS.cancelled(formatOrderDate(after.endsAt))
        : SUBSCRIPTION_TEXTS.cancelledAlready;
    case 'migrate':
      return SUBSCRIPTION_TEXTS.migrated(`$${after.price}`);
  }
}

/**
 * A monthly order's PayPal subscription on the admin's update screen: its status, price (and the
 * package's current one, with "Move to the current price"), next billing, payments and failed
 * charges; Pause, Resume and Cancel at PayPal, each with a reason (audited) and confirmed first.
 * Nothing for an order without a subscription.
 */
export function OrderSubscriptionPanel({ orderId }: { orderId: string }) {
  const idPrefix = useId();
  const subscription = useOrderSubscription(orderId);
  const action = useAdminSubscriptionAction(orderId);
  const { confirm, dialog } = useConfirm();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  if (subscription.isPending) return <SkeletonBlock label="Loading the subscription" />;
  if (subscription.isError) return <QueryErrorAlert query={subscription} />;
  const current = subscription.data;
  if (!current) return null;

  const run = (verb: AdminSubscriptionVerb, reasonText?: string) =>
    action.mutate(
      { verb, reason: reasonText },
      {
        onSuccess: (after) => {
          if (verb !== 'migrate') setReason('');
          toast.success(doneText(verb, after));
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const withReason = async (verb: ReasonVerb) => {
    const checked = adminSubscriptionActionSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? 'Reason is required');
      return;
    }
    setReasonError(null);
    const { title, message, label } = ACTIONS[verb];
    const confirmed = await confirm({
      title,
      message: `${message} Reason: ${checked.data.reason}`,
      confirmLabel: `${label} subscription`,
      cancelLabel: 'Back',
    });
    if (confirmed) run(verb, checked.data.reason);
  };

  const onMigrate = async () => {
    const confirmed = await confirm({
      title: 'Move this subscription to the current price?',
      message: `PayPal charges ${perMonth(current.currentPrice ?? current.price)} from the next billing on.`,
      confirmLabel: 'Move to the current price',
      cancelLabel: 'Back',
    });
    if (confirmed) run('migrate');
  };

  const verbs = (Object.keys(ACTIONS) as ReasonVerb[]).filter((verb) =>
    ACTIONS[verb].allowed.includes(current.status),
  );
  return (
    <section className="card subscription subscription-panel" aria-labelledby={`${idPrefix}-title`}>
      <div className="subscription__head">
        <h2 id={`${idPrefix}-title`}>Subscription</h2>
        <SubscriptionStatusBadge status={current.status} />
      </div>
      <dl className="checkout__summary">
        <div>
          <dt>PayPal subscription</dt>
          <dd>{current.paypalSubscriptionId}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{perMonth(current.price)}</dd>
        </div>
        {current.currentPrice && current.currentPrice !== current.price && (
          <div>
            <dt>Current price</dt>
            <dd>
              {perMonth(current.currentPrice)}{' '}
              <Button
                variant="secondary"
                isLoading={action.isPending && action.variables?.verb === 'migrate'}
                loadingText="Moving…"
                onClick={() => void onMigrate()}
              >
                Move to the current price
              </Button>
            </dd>
          </div>
        )}
        <div>
          <dt>{current.status === 'ACTIVE' ? 'Next billing' : 'Billing'}</dt>
          <dd>{nextBillingText(current)}</dd>
        </div>
        <div>
          <dt>Failed payments</dt>
          <dd>
            {current.failedPayments}
            {current.lastFailedAt && ` (last ${formatOrderDateTime(current.lastFailedAt)})`}
          </dd>
        </div>
      </dl>
      <SubscriptionPaymentList subscription={current} label="Payments of this subscription" />
      {verbs.length > 0 && (
        <div className="subscription-panel__actions">
          <FormField
            id={`${idPrefix}-reason`}
            label="Reason"
            hint="Told to PayPal and kept in the audit log."
            error={reasonError ?? undefined}
          >
            {(control) => (
              <Input
                {...control}
                value={reason}
                maxLength={127}
                onChange={(event) => setReason(event.target.value)}
                placeholder="e.g. The customer asked to pause for December"
              />
            )}
          </FormField>
          <div className="subscription__actions">
            {verbs.map((verb) => (
              <Button
                key={verb}
                variant={verb === 'cancel' ? 'ghost' : 'secondary'}
                isLoading={action.isPending && action.variables?.verb === verb}
                loadingText="Saving…"
                onClick={() => void withReason(verb)}
              >
                {ACTIONS[verb].label}
              </Button>
            ))}
          </div>
        </div>
      )}
      {dialog}
    </section>
  );
}
