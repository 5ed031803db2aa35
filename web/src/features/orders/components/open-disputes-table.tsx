import { formatDisputedAmount, formatOrderDate, type Order } from '@contracts/orders';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { useAdminOrders } from '../api/orders';
import './orders.css';

const COLUMNS: PagedTableColumn<Order>[] = [
  {
    header: 'Disputed On',
    cell: (order) => (order.dispute?.openedAt ? formatOrderDate(order.dispute.openedAt) : '—'),
  },
  { header: 'Customer Name', cell: (order) => order.customerName },
  { header: 'Package', cell: (order) => order.packageName },
  { header: 'Reason', cell: (order) => order.dispute?.reason ?? 'Not stated' },
  {
    header: 'Amount',
    cell: (order) =>
      formatDisputedAmount(order.dispute?.amount ?? null, order.dispute?.currency ?? null),
  },
  {
    header: 'Action',
    headerHidden: true,
    cell: (order) => (
      <Link
        to={`/admin/payment-status/${encodeURIComponent(order._id)}`}
        aria-label={`Open the dispute: ${order.customerName}, ${order.packageName}`}
      >
        Open
      </Link>
    ),
  },
];

/**
 * The admin home's open disputes: the orders whose payment a buyer disputes at PayPal (which holds the
 * money meanwhile), newest first, with PayPal's reason and the amount, each linking to its screen.
 */
export function OpenDisputesTable({ pageSize }: { pageSize: number }) {
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      query={useAdminOrders(page, pageSize, { paymentStatus: 'Disputed' })}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      caption="Open Disputes"
      errorTitle="Open Disputes"
      columns={COLUMNS}
      rowKey={(order) => order._id}
      emptyText="No open disputes."
    />
  );
}
