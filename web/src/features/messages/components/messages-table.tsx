import { type Message, type MessageStatus } from '@contracts/messages';
import { useState } from 'react';
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
}: MessagesTableProps) {
  const [page, setPage] = useState(1);
  const messages = useMessages({ page, pageSize, status, q: sender || undefined });
  // Its last message marked read elsewhere, a page moves back.
  keepPageInRange(page, setPage, messages.data?.total, pageSize);

  return (
    <PagedTable
      query={messages}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      caption={caption}
      errorTitle={caption}
      className="messages-table"
      columns={messageColumns(!status)}
      rowKey={(message) => message.id}
      emptyText={emptyText}
    />
  );
}
