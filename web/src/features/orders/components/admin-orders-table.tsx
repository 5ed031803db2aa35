import { formatMoney, formatOrderDate } from '@contracts/orders';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paginator } from '../../../components/ui/paginator';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonTable } from '../../../components/ui/skeleton';
import { DataTable, DataTableEmpty } from '../../../components/ui/table';
import { EmailAddress } from '../../../components/ui/email-address';
import { useAdminOrders } from '../api/orders';
import './orders.css';

export interface AdminOrdersTableProps {
  /** 3 on the admin home, 7 on /total-orders (spec §9). */
  pageSize: number;
  caption: string;
  /** The admin home's columns and 'Update Order', or /total-orders' (Delivery Status, 'Update'). */
  variant: 'home' | 'all';
}

/** Sl., date, name, e-mail, price or package, the two statuses and the action. */
const COLUMN_COUNT = 8;

/** Every order, newest first, paged on the server, each linking to its update screen. */
export function AdminOrdersTable({ pageSize, caption, variant }: AdminOrdersTableProps) {
  const [page, setPage] = useState(1);
  const orders = useAdminOrders(page, pageSize);

  if (orders.isPending) {
    return (
      <SkeletonTable
        label={`Loading ${caption}`}
        title={caption}
        rows={pageSize}
        columns={COLUMN_COUNT}
      />
    );
  }
  if (orders.isError) {
    return (
      <QueryErrorAlert
        title={caption}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        isRetrying={orders.isFetching}
      />
    );
  }
  const { items, total } = orders.data;
  return (
    <>
      <DataTable aria-busy={orders.isPlaceholderData || undefined}>
        <caption className="orders-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{variant === 'home' ? 'Sl.' : 'Sl No.'}</th>
            <th scope="col">Order Date</th>
            <th scope="col">Customer Name</th>
            <th scope="col">Customer Email</th>
            {variant === 'home' && <th scope="col">Price</th>}
            {variant === 'all' && <th scope="col">Package</th>}
            <th scope="col">{variant === 'home' ? 'Order Status' : 'Delivery Status'}</th>
            <th scope="col">Payment Status</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((order, index) => (
            <tr key={order._id}>
              <td>{(page - 1) * pageSize + index + 1}</td>
              <td>{formatOrderDate(order.orderDate)}</td>
              <td>{order.customerName}</td>
              <td className="data-table__token">
                <EmailAddress email={order.customerEmail} />
              </td>
              {variant === 'home' && <td>{formatMoney(order.packagePrice)}</td>}
              {variant === 'all' && <td>{order.packageName}</td>}
              <td>{order.orderStatus}</td>
              <td>
                {order.paymentStatus}
                {order.reviewReason && <span className="order-flag"> (needs review)</span>}
              </td>
              <td>
                <Link
                  to={`/admin/payment-status/${encodeURIComponent(order._id)}`}
                  aria-label={`${variant === 'home' ? 'Update Order' : 'Update'}: ${order.customerName}, ${formatOrderDate(order.orderDate)}`}
                >
                  {variant === 'home' ? 'Update Order' : 'Update'}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {total === 0 && <DataTableEmpty>No orders yet.</DataTableEmpty>}
      <Paginator
        page={page}
        pageCount={Math.ceil(total / pageSize)}
        onPageChange={setPage}
        label={`${caption} pages`}
      />
    </>
  );
}
