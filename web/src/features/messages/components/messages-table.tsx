import { type MessageStatus } from '@contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paginator } from '../../../components/ui/paginator';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonTable } from '../../../components/ui/skeleton';
import { DataTable, DataTableEmpty } from '../../../components/ui/table';
import { EmailAddress } from '../../../components/ui/email-address';
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
  const pageCount = Math.ceil((messages.data?.total ?? 0) / pageSize);

  // A page emptied meanwhile (its last message marked read elsewhere): go to the last one there is
  // (set while rendering, React's way to adjust state to new props or data).
  if (pageCount > 0 && page > pageCount) setPage(pageCount);

  if (messages.isPending) {
    return (
      <SkeletonTable
        label={`Loading ${caption}`}
        title={caption}
        rows={pageSize}
        columns={status ? 6 : 7}
      />
    );
  }
  if (messages.isError) {
    return (
      <QueryErrorAlert
        title={caption}
        error={messages.error}
        onRetry={() => void messages.refetch()}
        isRetrying={messages.isFetching}
      />
    );
  }
  const { items, total } = messages.data;
  return (
    <div className="messages-table">
      <DataTable aria-busy={messages.isPlaceholderData || undefined}>
        <caption className="messages-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Sl.</th>
            <th scope="col">Received</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Subject</th>
            {!status && <th scope="col">Status</th>}
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((message, index) => (
            <tr key={message.id}>
              <td>{(page - 1) * pageSize + index + 1}</td>
              <td>{formatReceived(message.createdAt)}</td>
              <td>{message.name}</td>
              <td className="data-table__token">
                <EmailAddress email={message.email} />
              </td>
              <td className="data-table__text">{message.subject}</td>
              {!status && <td>{message.messageStatus}</td>}
              <td>
                <Link
                  to={`/view/${encodeURIComponent(message.id)}`}
                  aria-label={`View Message: ${message.name}, ${message.subject}`}
                >
                  View Message
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {total === 0 && <DataTableEmpty>{emptyText}</DataTableEmpty>}
      <Paginator
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label={`${caption} pages`}
      />
    </div>
  );
}
