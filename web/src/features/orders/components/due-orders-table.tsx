import { formatOrderDate, isOverdue, type Order, ORDER_TEXTS } from '@contracts/orders';
import { ADMIN_STAGE_LABELS } from '@contracts/workspace';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { useDueOrders } from '../api/orders';
import './order-page.css';

const COLUMNS: PagedTableColumn<Order>[] = [
  {
    header: 'Due',
    cell: (order) =>
      order.dueAt && (
        <span className="order-due">
          <time
            dateTime={order.dueAt}
            className={isOverdue(order.dueAt) ? 'due-orders__late' : undefined}
          >
            {formatOrderDate(order.dueAt)}
          </time>
          {isOverdue(order.dueAt) && <Badge tone="warning">{ORDER_TEXTS.overdue}</Badge>}
        </span>
      ),
  },
  { header: 'Customer Name', cell: (order) => order.customerName },
  { header: 'Package', cell: (order) => order.packageName },
  { header: 'Stage', cell: (order) => ADMIN_STAGE_LABELS[order.stage] },
  {
    header: 'Action',
    headerHidden: true,
    cell: (order) => (
      <Link
        to={`/orders/${encodeURIComponent(order._id)}`}
        aria-label={`Open the order: ${order.customerName}, ${order.packageName}`}
      >
        Open
      </Link>
    ),
  },
];

/**
 * The admin home's Due soon / overdue: the Pending paid orders with a due date, soonest (most
 * overdue) first, overdue ones marked, each linking to its order page; paged on the server.
 */
export function DueOrdersTable({ pageSize }: { pageSize: number }) {
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      query={useDueOrders(page, pageSize)}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      caption={ORDER_TEXTS.dueSoonTitle}
      errorTitle={ORDER_TEXTS.dueSoonTitle}
      columns={COLUMNS}
      rowKey={(order) => order._id}
      emptyText={ORDER_TEXTS.noDueOrders}
    />
  );
}
