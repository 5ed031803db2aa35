import {
  SUBSCRIBER_PAGE_SIZES,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
  subscribersExportPath,
} from '@contracts/newsletter';
import { useId, useState } from 'react';
import { StatusFilter } from '../../../components/ui/status-filter';
import { SUBSCRIBER_STATUS_LABELS, SubscribersTable } from './subscribers-table';
import './subscribers.css';

/** `/all-subscriber/`: every address, newest first, by status, with the CSV of what is shown. */
export function AllSubscribers() {
  const idPrefix = useId();
  const [status, setStatus] = useState<SubscriberStatus | ''>('');

  return (
    <>
      <div className="subscribers-filters">
        <StatusFilter
          id={`${idPrefix}-status`}
          statuses={SUBSCRIBER_STATUSES}
          labelOf={(value) => SUBSCRIBER_STATUS_LABELS[value].label}
          value={status}
          onChange={setStatus}
        />
        {/* A plain download: the browser sends the session cookie and saves the streamed file. */}
        <a
          className="btn btn--secondary btn--md"
          href={subscribersExportPath({ status: status || undefined })}
          download
        >
          Export CSV
        </a>
      </div>
      <SubscribersTable
        // A new filter starts again at page 1.
        key={status}
        caption="All Subscribers"
        pageSize={SUBSCRIBER_PAGE_SIZES.adminSubscribers}
        status={status || undefined}
        variant="all"
      />
    </>
  );
}
