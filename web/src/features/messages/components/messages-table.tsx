import { type Message, type MessageStatus } from '@contracts/messages';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmailAddress } from '../../../components/ui/email-address';
import {
  keepPageInRange,
  PagedTable,
  type PagedTableColumn,
} from '../../../components/ui/paged-table';
import { useMessages } from '../api/get-messages';
import { formatReceived } from './message-format';
import './messages.css';

export interface MessagesTableProps {
  /** Names the table (its caption) and its pages. */
  caption: string;
  /** 3 on the admin home, 10 on /all-messages/ (spec §2). */
  pageSize: number;
  /** Only messages with this status; none: every message (then a Status column shows it). */
  status?: MessageStatus;
  /** Only messages whose sender's name or e-mail contains this. */
  sender?: string;
  emptyText: string;
  /**
   * The page, when its holder keeps it (in the address); none: the table keeps its own. Either way a
   * page past the last one (its last messages leave it) moves back to the last one.
   */
  paging?: {
    page: number;
    onPageChange: (page: number, options?: { replace?: boolean }) => void;
  };
}

function messageColumns(withStatus: boolean): (PagedTableColumn<Message> | false)[] {
  return [
    { header: 'Sl.', cell: (_, number) => number },
    { header: 'Received', cell: (message) => formatReceived(message.createdAt) },
    { header: 'Name', cell: (message) => message.name },
    {
      header: 'Email',
      className: 'data-table__token',
      cell: (message) => <EmailAddress email={message.email} />,
    },
    { header: 'Subject', className: 'data-table__text', cell: (message) => message.subject },
    withStatus && { header: 'Status', cell: (message) => message.messageStatus },
    {
      header: 'Action',
      headerHidden: true,
      cell: (message) => (
        <Link
          to={`/view/${encodeURIComponent(message.id)}`}
          aria-label={`View Message: ${message.name}, ${message.subject}`}
        >
          View Message
        </Link>
      ),
    },
  ];
}

/** A page of the inbox, newest first, paged on the server, each row linking to the message. */
export function MessagesTable({
  caption,
  pageSize,
  status,
  sender,
  emptyText,
  paging,
}: MessagesTableProps) {
  const [ownPage, setOwnPage] = useState(1);
  const page = paging?.page ?? ownPage;
  const messages = useMessages({ page, pageSize, status, q: sender || undefined });
  // Its last message marked read elsewhere, a page moves back: its own at once, the address' in place
  // of its entry.
  if (!paging) keepPageInRange(ownPage, setOwnPage, messages.data?.total, pageSize);
  const pageCount = Math.ceil((messages.data?.total ?? 0) / pageSize);
  const movePageBack = paging && pageCount > 0 && page > pageCount;
  useEffect(() => {
    if (movePageBack) paging.onPageChange(pageCount, { replace: true });
  }, [movePageBack, paging, pageCount]);

  return (
    <PagedTable
      query={messages}
      page={page}
      pageSize={pageSize}
      onPageChange={paging?.onPageChange ?? setOwnPage}
      caption={caption}
      errorTitle={caption}
      className="messages-table"
      columns={messageColumns(!status)}
      rowKey={(message) => message.id}
      emptyText={emptyText}
    />
  );
}
