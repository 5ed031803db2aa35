import { MESSAGE_PAGE_SIZES, MESSAGE_STATUSES, type MessageStatus } from '@contracts/messages';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { StatusFilter } from '../../../components/ui/status-filter';
import {
  listFilter,
  type ListFilterReaders,
  useListSearchParams,
} from '../../../lib/use-list-search-params';
import { MessagesTable } from './messages-table';
import './messages.css';

const STATUS_LABELS: Record<MessageStatus, string> = { UnRead: 'Unread', Read: 'Read' };

/** /all-messages/' filters as the address has them (`?status=&q=&page=`). */
export const ALL_MESSAGES_SEARCH: ListFilterReaders<{ status?: MessageStatus; q?: string }> = {
  status: listFilter.oneOf(MESSAGE_STATUSES),
  q: listFilter.text,
};

/**
 * `/all-messages/`: every message, newest first, by status and by sender. The page and the filters
 * live in the address, so Back, a reload and a shared link show the same list.
 */
export function AllMessages() {
  const idPrefix = useId();
  const { page, filters, setPage, setFilters } = useListSearchParams(ALL_MESSAGES_SEARCH);
  const status = filters.status ?? '';
  const sender = filters.q ?? '';
  const [typed, setTyped] = useState(sender);
  // The search box follows the address when it changes otherwise (Back, a link).
  const [shownSender, setShownSender] = useState(sender);
  if (shownSender !== sender) {
    setShownSender(sender);
    setTyped(sender);
  }

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: typed });
  };

  return (
    <>
      <form className="messages-filters" role="search" onSubmit={search}>
        <StatusFilter
          id={`${idPrefix}-status`}
          statuses={MESSAGE_STATUSES}
          labelOf={(value) => STATUS_LABELS[value]}
          value={status}
          onChange={(next) => setFilters({ status: next || undefined })}
        />
        <FormField id={`${idPrefix}-sender`} label="Sender (name or e-mail)">
          {(control) => (
            <Input
              {...control}
              type="search"
              value={typed}
              maxLength={254}
              onChange={(event) => setTyped(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <MessagesTable
        caption="All Messages"
        pageSize={MESSAGE_PAGE_SIZES.allMessages}
        status={status || undefined}
        sender={sender}
        emptyText={sender || status ? 'No message matches.' : 'No messages yet.'}
        paging={{ page, onPageChange: setPage }}
      />
    </>
  );
}
