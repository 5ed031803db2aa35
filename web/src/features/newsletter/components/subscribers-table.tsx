import { type Subscriber, type SubscriberStatus } from '@contracts/newsletter';
import { formatOrderDate } from '@contracts/orders';
import { useEffect, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmailAddress } from '../../../components/ui/email-address';
import {
  keepPageInRange,
  PagedTable,
  type PagedTableColumn,
} from '../../../components/ui/paged-table';
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
  bounced: { label: 'Bounced', tone: 'warning' },
  complained: { label: 'Complained', tone: 'warning' },
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
  /**
   * The page, when its holder keeps it (in the address); none: the table keeps its own. Either way a
   * page past the last one (its last addresses are removed) moves back to the last one.
   */
  paging?: {
    page: number;
    onPageChange: (page: number, options?: { replace?: boolean }) => void;
  };
}

/** A page of the subscribers, newest first, paged on the server. */
export function SubscribersTable({
  caption,
  pageSize,
  status,
  variant,
  paging,
}: SubscribersTableProps) {
  const [ownPage, setOwnPage] = useState(1);
  const page = paging?.page ?? ownPage;
  const subscribers = useAdminSubscribers({ page, pageSize, status });
  const removal = useRemoveSubscriber();
  const { confirm, dialog } = useConfirm();
  // Its last address removed, a page moves back: its own at once, the address' in place of its entry.
  if (!paging) keepPageInRange(ownPage, setOwnPage, subscribers.data?.total, pageSize);
  const pageCount = Math.ceil((subscribers.data?.total ?? 0) / pageSize);
  const movePageBack = paging && pageCount > 0 && page > pageCount;
  useEffect(() => {
    if (movePageBack) paging.onPageChange(pageCount, { replace: true });
  }, [movePageBack, paging, pageCount]);

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
  const columns: (PagedTableColumn<Subscriber> | false)[] = [
    { header: 'Sl No.', cell: (_, number) => number },
    {
      header: 'Email',
      className: 'data-table__token',
      cell: (subscriber) => <EmailAddress email={subscriber.subemail} />,
    },
    all && {
      header: 'Status',
      cell: (subscriber) => {
        const state = SUBSCRIBER_STATUS_LABELS[subscriber.status];
        return (
          <>
            <Badge tone={state.tone}>{state.label}</Badge>
            {subscriber.blockedAt && (
              <span className="subscribers-table__blocked">
                {subscriber.blockedReason ?? 'No reason given'} (
                {formatOrderDate(subscriber.blockedAt)})
              </span>
            )}
          </>
        );
      },
    },
    all && {
      header: 'Subscribed Date',
      cell: (subscriber) => formatOrderDate(subscriber.createdAt),
    },
    all && {
      header: 'Action',
      headerHidden: true,
      cell: (subscriber) => (
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
      ),
    },
  ];

  return (
    <>
      {dialog}
      <PagedTable
        query={subscribers}
        page={page}
        pageSize={pageSize}
        onPageChange={paging?.onPageChange ?? setOwnPage}
        caption={caption}
        errorTitle={caption}
        className="subscribers-table"
        columns={columns}
        rowKey={(subscriber) => subscriber._id}
        emptyText={
          status
            ? `No ${SUBSCRIBER_STATUS_LABELS[status].label.toLowerCase()} subscribers.`
            : 'No subscribers yet.'
        }
      />
    </>
  );
}
