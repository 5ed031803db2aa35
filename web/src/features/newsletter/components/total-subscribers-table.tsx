import { SUBSCRIBER_PAGE_SIZES } from '@contracts/newsletter';
import { SubscribersTable } from './subscribers-table';

/** The admin home's 'Total Subscribers': Sl No. and Email, newest first, 3 per page. */
export function TotalSubscribersTable() {
  return (
    <SubscribersTable
      caption="Total Subscribers"
      pageSize={SUBSCRIBER_PAGE_SIZES.adminHome}
      variant="home"
    />
  );
}
