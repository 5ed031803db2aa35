import {
  type DisputeOutcome,
  formatDisputedAmount,
  formatOrderDate,
  type OrderDispute,
} from '@contracts/orders';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import './orders.css';

const OUTCOMES: Record<DisputeOutcome, string> = {
  seller: 'Resolved in the seller’s favour: the payment stays with the shop.',
  refunded: 'Resolved in the buyer’s favour: the payment was refunded.',
  reversed: 'PayPal took the payment back (a reversal or chargeback).',
};

/**
 * The buyer's dispute of the order's payment as PayPal reported it: while it is open PayPal holds the
 * money, and an admin answers it in PayPal's Resolution Center (the sandbox's in sandbox mode, the
 * simulator's with the simulator), which the link opens.
 */
export function OrderDisputeCard({ dispute }: { dispute: OrderDispute }) {
  const headingId = useId();
  const open = dispute.resolvedAt === null;
  return (
    <section className="card order-dispute" aria-labelledby={headingId}>
      <h2 id={headingId}>{open ? 'Payment disputed at PayPal' : 'Dispute resolved'}</h2>
      {open ? (
        <Alert tone="error">
          The buyer disputed this payment at PayPal, which holds the money until the dispute is
          resolved. Answer it in PayPal’s Resolution Center.
        </Alert>
      ) : (
        dispute.outcome && <Alert>{OUTCOMES[dispute.outcome]}</Alert>
      )}
      <dl className="order-details">
        <dt>Dispute</dt>
        <dd>{dispute.id ?? 'Not named by PayPal'}</dd>
        <dt>Reason</dt>
        <dd>{dispute.reason ?? 'Not stated'}</dd>
        <dt>Disputed amount</dt>
        <dd>{formatDisputedAmount(dispute.amount, dispute.currency)}</dd>
        {dispute.openedAt && (
          <>
            <dt>Opened</dt>
            <dd>{formatOrderDate(dispute.openedAt)}</dd>
          </>
        )}
        {dispute.resolvedAt && (
          <>
            <dt>Resolved</dt>
            <dd>{formatOrderDate(dispute.resolvedAt)}</dd>
          </>
        )}
      </dl>
      <a href={dispute.resolutionCentreUrl} target="_blank" rel="noopener noreferrer">
        Open PayPal’s Resolution Center
      </a>
    </section>
  );
}
