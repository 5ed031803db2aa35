import { MESSAGE_PAGE_SIZES } from '@contracts/messages';
import { Link } from 'react-router-dom';
import { MessagesTable } from './messages-table';

/** The admin home's inbox (spec §2): the Unread and the Read messages, 3 a page each. */
export function AdminInboxTables() {
  return (
    <>
      <MessagesTable
        caption="Unread Messages"
        status="UnRead"
        pageSize={MESSAGE_PAGE_SIZES.adminHome}
        emptyText="No unread messages."
      />
      <MessagesTable
        caption="Read Messages"
        status="Read"
        pageSize={MESSAGE_PAGE_SIZES.adminHome}
        emptyText="No read messages yet."
      />
      <p>
        <Link to="/all-messages/">All Messages</Link>
      </p>
    </>
  );
}
