import { DELIVERY_TEXTS, type Delivery } from '@contracts/deliverables';
import { formatOrderDate, type Order } from '@contracts/orders';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useApproveDelivery, useDeliveries, type Viewer } from '../api/deliverables';
import { RequestChangesForm } from './request-changes-form';
import { DeliverForm } from './deliver-form';
import './deliverables.css';

/** The stages in which the agency can deliver (again): paid, the details in, not approved yet. */
const DELIVERABLE_STAGES: readonly Order['stage'][] = [
  'in_progress',
  'delivered',
  'changes_requested',
];

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The customer's answer to a round, as a badge and (for changes) their message. */
function Response({ delivery }: { delivery: Delivery }) {
  if (delivery.response === 'approved') {
    return (
      <p className="deliverables__response">
        <Badge tone="success">
          {delivery.approvedBy === 'auto' ? DELIVERY_TEXTS.autoApproved : DELIVERY_TEXTS.approved}
        </Badge>
        {delivery.respondedAt && ` on ${formatOrderDate(delivery.respondedAt)}`}
      </p>
    );
  }
  if (delivery.response === 'changes_requested') {
    return (
      <div className="deliverables__response">
        <p>
          <Badge tone="warning">{DELIVERY_TEXTS.changesRequested}</Badge>
          {delivery.respondedAt && ` on ${formatOrderDate(delivery.respondedAt)}`}
        </p>
        {delivery.responseMessage && (
          <blockquote className="deliverables__text">{delivery.responseMessage}</blockquote>
        )}
      </div>
    );
  }
  return null;
}

function Round({ delivery, latest }: { delivery: Delivery; latest: boolean }) {
  const headingId = useId();
  return (
    <li className="deliverables__round">
      <article aria-labelledby={headingId}>
        <h3 id={headingId} className="deliverables__round-title">
          {DELIVERY_TEXTS.round(delivery.round)}
          <span className="deliverables__date">
            {' '}
            · {formatOrderDate(delivery.deliveredAt)}
            {delivery.deliveredBy && ` · ${delivery.deliveredBy}`}
          </span>
        </h3>
        {delivery.note && <p className="deliverables__text">{delivery.note}</p>}
        <ul
          className="deliverables__files"
          aria-label={`Files of ${DELIVERY_TEXTS.round(delivery.round).toLowerCase()}`}
        >
          {delivery.files.map((file) => (
            <li key={file.id}>
              <a href={file.downloadUrl} download={file.filename}>
                {file.filename}
              </a>{' '}
              <span className="deliverables__size">({formatSize(file.size)})</span>
            </li>
          ))}
        </ul>
        <Response delivery={delivery} />
        {latest && delivery.response === null && (
          <p className="deliverables__waiting">{DELIVERY_TEXTS.waiting}</p>
        )}
      </article>
    </li>
  );
}

/** The customer's two answers to the latest delivery: approve it, or ask for changes. */
function Answer({ orderId }: { orderId: string }) {
  const approve = useApproveDelivery(orderId);
  const { confirm, dialog } = useConfirm();
  const [askingChanges, setAskingChanges] = useState(false);
  const [approveError, setApproveError] = useState<string | null>(null);

  const onApprove = async () => {
    const confirmed = await confirm({
      title: DELIVERY_TEXTS.approveTitle,
      message: DELIVERY_TEXTS.approveMessage,
      confirmLabel: DELIVERY_TEXTS.approve,
    });
    if (!confirmed) return;
    setApproveError(null);
    approve.mutate(undefined, {
      onSuccess: () => toast.success(DELIVERY_TEXTS.approvedToast),
      onError: (error) => setApproveError(errorMessage(error)),
    });
  };

  return (
    <div className="deliverables__answer">
      <p>{DELIVERY_TEXTS.yourAnswer}</p>
      {approveError && <Alert tone="error">{approveError}</Alert>}
      {askingChanges ? (
        <RequestChangesForm orderId={orderId} onClose={() => setAskingChanges(false)} />
      ) : (
        <div className="deliverables__actions">
          <Button
            type="button"
            isLoading={approve.isPending}
            loadingText="Approving…"
            onClick={() => void onApprove()}
          >
            {DELIVERY_TEXTS.approve}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setAskingChanges(true)}>
            {DELIVERY_TEXTS.askForChanges}
          </Button>
        </div>
      )}
      {dialog}
    </div>
  );
}

/**
 * The order's deliverables on its page (`/orders/{id}`): every round, newest first, with its note,
 * its files (downloaded through GET /api/files/{id}) and the customer's answer. The customer answers
 * the latest round while the stage is delivered; admins deliver (again) with a note and files.
 */
export function Deliverables({ order, viewer }: { order: Order; viewer: Viewer }) {
  const headingId = useId();
  const deliveries = useDeliveries(order._id, viewer);
  const canDeliver = viewer === 'admin' && DELIVERABLE_STAGES.includes(order.stage);

  return (
    <section className="card deliverables" aria-labelledby={headingId}>
      <h2 id={headingId}>{DELIVERY_TEXTS.title}</h2>
      {viewer === 'customer' && order.stage === 'delivered' && <Answer orderId={order._id} />}
      {viewer === 'admin' && order.stage === 'awaiting_details' && (
        <p className="deliverables__hint">{DELIVERY_TEXTS.awaitingDetails}</p>
      )}
      {canDeliver && <DeliverForm orderId={order._id} />}
      {deliveries.isPending ? (
        <SkeletonBlock label="Loading the deliveries" />
      ) : deliveries.isError ? (
        <QueryErrorAlert query={deliveries} />
      ) : deliveries.data.length === 0 ? (
        <p className="deliverables__empty">{DELIVERY_TEXTS.nothingYet}</p>
      ) : (
        <ol className="deliverables__rounds" reversed>
          {deliveries.data.map((delivery, index) => (
            <Round key={delivery.id} delivery={delivery} latest={index === 0} />
          ))}
        </ol>
      )}
    </section>
  );
}
