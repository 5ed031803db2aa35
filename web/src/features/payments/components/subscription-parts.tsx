import { INVOICE_TEXTS, invoicePdfPath } from '@contracts/invoices';
import { formatMoney, formatOrderDate } from '@contracts/orders';
import {
  PER_MONTH,
  type Subscription,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionStatus,
} from '@contracts/subscriptions';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const STATUS_TONES: Record<SubscriptionStatus, BadgeTone> = {
  APPROVAL_PENDING: 'neutral',
  ACTIVE: 'success',
  SUSPENDED: 'warning',
  CANCELLED: 'neutral',
  EXPIRED: 'neutral',
};

/** `$499.00/month`. */
export const perMonth = (amount: string) => `${formatMoney(amount)}${PER_MONTH}`;

/** The status as the customer and the admins read it. */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</Badge>;
}

/** When PayPal charges next, or until when a cancelled subscription's service runs. */
export function nextBillingText(subscription: Subscription): string {
  if (subscription.endsAt && subscription.status !== 'ACTIVE') {
    return `Service until ${formatOrderDate(subscription.endsAt)}`;
  }
  if (subscription.nextBillingAt) return formatOrderDate(subscription.nextBillingAt);
  return '—';
}

/** The charges, newest first: date, amount and its invoice (a PDF download once it is issued). */
export function SubscriptionPaymentList({
  subscription,
  label,
}: {
  subscription: Subscription;
  label: string;
}) {
  const count = subscription.payments.length;
  return (
    <div className="subscription__payments">
      <p>
        {count === 0 ? 'No payment yet' : count === 1 ? '1 payment' : `${count} payments`}
        {count > 0 && `, ${formatMoney(subscription.totalPaid)} in all`}
      </p>
      {count > 0 && (
        <ul aria-label={label}>
          {subscription.payments.map((payment) => (
            <li key={payment.saleId}>
              {formatOrderDate(payment.paidAt)} — {formatMoney(payment.amount)}
              {payment.invoiceId && payment.invoiceNumber && (
                <>
                  {' — '}
                  <a
                    href={invoicePdfPath(payment.invoiceId)}
                    download={`${payment.invoiceNumber}.pdf`}
                  >
                    {INVOICE_TEXTS.download} {payment.invoiceNumber}
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
