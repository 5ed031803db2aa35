import {
  SUBSCRIBER_PAGE_SIZES,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
  subscribersExportPath,
} from '@contracts/newsletter';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { StatusFilter } from '../../../components/ui/status-filter';
import {
  listFilter,
  type ListFilterReaders,
  useListSearchParams,
} from '../../../lib/use-list-search-params';
import { SUBSCRIBER_STATUS_LABELS, SubscribersTable } from './subscribers-table';
import './subscribers.css';

/** /all-subscriber/'s filter as the address has it (`?status=&page=`). */
export const ALL_SUBSCRIBERS_SEARCH: ListFilterReaders<{ status?: SubscriberStatus }> = {
  status: listFilter.oneOf(SUBSCRIBER_STATUSES),
};

/**
 * `/all-subscriber/`: every address, newest first, by status, with the CSV of what is shown. The
 * page and the filter live in the address, so Back, a reload and a shared link show the same list.
 */
export function AllSubscribers() {
  const idPrefix = useId();
  const { page, filters, setPage, setFilters } = useListSearchParams(ALL_SUBSCRIBERS_SEARCH);
  const status = filters.status ?? '';

  return (
    <>
      <div className="subscribers-filters">
        <StatusFilter
          id={`${idPrefix}-status`}
          statuses={SUBSCRIBER_STATUSES}
          labelOf={(value) => SUBSCRIBER_STATUS_LABELS[value].label}
          value={status}
          onChange={(next) => setFilters({ status: next || undefined })}
        />
        {/* A plain download: the browser sends the session cookie and saves the streamed file. */}
        <a
          className="btn btn--secondary btn--md"
          href={subscribersExportPath({ status: status || undefined })}
          download
        >
          Export CSV
        </a>
        <Link className="btn btn--secondary btn--md" to="/all-subscriber/import">
          Import CSV
        </Link>
      </div>
      <SubscribersTable
        caption="All Subscribers"
        pageSize={SUBSCRIBER_PAGE_SIZES.adminSubscribers}
        status={status || undefined}
        variant="all"
        paging={{ page, onPageChange: setPage }}
      />
    </>
  );
}
