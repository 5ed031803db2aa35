import { type Subscriber, type SubscriberStatus } from '@contracts/newsletter';
import { formatOrderDate } from '@contracts/orders';
import { useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Paginator } from '../../../components/ui/paginator';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonTable } from '../../../components/ui/skeleton';
import { DataTable, DataTableEmpty } from '../../../components/ui/table';
import { EmailAddress } from '../../../components/ui/email-address';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminSubscribers, useRemoveSubscriber } from '../api/admin-subscribers';
import './subscribers.css';

export const SUBSCRIBER_STATUS_LABELS: Record<
  SubscriberStatus,
  { label: string; tone: BadgeTone }
> = {
  pending: { label: 'Pending', tone: 'warning' },
  confirmed: { label: 'Confirmed', tone: 'success' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
};

export interface SubscribersTableProps {
  /** Names the table (its caption) and its pages. */
  caption: string;
  /** 3 on the admin home, 5 on /all-subscriber/. */
  pageSize: number;
  /** Only this status; none: every address. */
  status?: SubscriberStatus;
  /** 'all': status, date and Remove too (/all-subscriber/); 'home': Sl No. and Email only. */
  variant: 'all' | 'home';
}

/** A page of the subscribers, newest first, paged on the server. */
export function SubscribersTable({ caption, pageSize, status, variant }: SubscribersTableProps) {
  const [page, setPage] = useState(1);
  const subscribers = useAdminSubscribers({ page, pageSize, status });
  const removal = useRemoveSubscriber();
  const { confirm, dialog } = useConfirm();
  const pageCount = Math.ceil((subscribers.data?.total ?? 0) / pageSize);

  // A page emptied meanwhile (its last address removed): move to the last one there is, during render
  // rather than in an effect, so the empty page is never shown.
  if (pageCount > 0 && page > pageCount) setPage(pageCount);

  const remove = async (subscriber: Subscriber) => {
    const confirmed = await confirm({
      title: `Remove ${subscriber.subemail} from the subscribers?`,
      message:
        'The address gets no more newsletters, and the links already e-mailed to it stop working.',
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    removal.mutate(subscriber._id, {
      onSuccess: (notice) => toast.success(notice.message),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const all = variant === 'all';
  if (subscribers.isPending) {
    return (
      <SkeletonTable
        label={`Loading ${caption}`}
        title={caption}
        rows={pageSize}
        columns={all ? 5 : 2}
      />
    );
  }
  if (subscribers.isError) {
    return (
      <QueryErrorAlert
        title={caption}
        error={subscribers.error}
        onRetry={() => void subscribers.refetch()}
        isRetrying={subscribers.isFetching}
      />
    );
  }
  const { items, total } = subscribers.data;
  return (
    <div className="subscribers-table">
      {dialog}
      <DataTable aria-busy={subscribers.isPlaceholderData || undefined}>
        <caption className="subscribers-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Sl No.</th>
            <th scope="col">Email</th>
            {all && <th scope="col">Status</th>}
            {all && <th scope="col">Subscribed Date</th>}
            {all && (
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((subscriber, index) => {
            const state = SUBSCRIBER_STATUS_LABELS[subscriber.status];
            return (
              <tr key={subscriber._id}>
                <td>{(page - 1) * pageSize + index + 1}</td>
                <td className="data-table__token">
                  <EmailAddress email={subscriber.subemail} />
                </td>
                {all && (
                  <td>
                    <Badge tone={state.tone}>{state.label}</Badge>
                  </td>
                )}
                {all && <td>{formatOrderDate(subscriber.createdAt)}</td>}
                {all && (
                  <td>
                    <Button
                      variant="secondary"
                      className="subscribers-table__remove"
                      onClick={() => void remove(subscriber)}
                      isLoading={removal.isPending && removal.variables === subscriber._id}
                      disabled={removal.isPending}
                      aria-label={`Remove ${subscriber.subemail}`}
                    >
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      {total === 0 && (
        <DataTableEmpty>
          {status
            ? `No ${SUBSCRIBER_STATUS_LABELS[status].label.toLowerCase()} subscribers.`
            : 'No subscribers yet.'}
        </DataTableEmpty>
      )}
      <Paginator
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label={`${caption} pages`}
      />
    </div>
  );
}
