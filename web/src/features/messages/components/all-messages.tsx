import { MESSAGE_PAGE_SIZES, MESSAGE_STATUSES, type MessageStatus } from '@contracts/messages';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { StatusFilter } from '../../../components/ui/status-filter';
import { MessagesTable } from './messages-table';
import './messages.css';

const STATUS_LABELS: Record<MessageStatus, string> = { UnRead: 'Unread', Read: 'Read' };

/** `/all-messages/`: every message, newest first, by status and by sender. */
export function AllMessages() {
  const idPrefix = useId();
  const [status, setStatus] = useState<MessageStatus | ''>('');
  const [typed, setTyped] = useState('');
  const [sender, setSender] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSender(typed.trim());
  };

  return (
    <>
      <form className="messages-filters" role="search" onSubmit={search}>
        <StatusFilter
          id={`${idPrefix}-status`}
          statuses={MESSAGE_STATUSES}
          labelOf={(value) => STATUS_LABELS[value]}
          value={status}
          onChange={setStatus}
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
        // A new filter starts again at page 1.
        key={`${status}\n${sender}`}
        caption="All Messages"
        pageSize={MESSAGE_PAGE_SIZES.allMessages}
        status={status || undefined}
        sender={sender}
        emptyText={sender || status ? 'No message matches.' : 'No messages yet.'}
      />
    </>
  );
}
