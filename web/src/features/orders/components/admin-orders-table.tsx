import { formatMoney, formatOrderDate } from '@contracts/orders';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Paginator } from '../../../components/ui/paginator';
import { PageLoading } from '../../../components/ui/page';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { DataTable } from '../../../components/ui/table';
import { useAdminOrders } from '../api/orders';
import './orders.css';

export interface AdminOrdersTableProps {
  /** 3 on the admin home, 7 on /total-orders (spec §9). */
  pageSize: number;
  caption: string;
  /** The admin home's columns and 'Update Order', or /total-orders' (Delivery Status, 'Update'). */
  variant: 'home' | 'all';
}

/** Every order, newest first, paged on the server, each linking to its update screen. */
export function AdminOrdersTable({ pageSize, caption, variant }: AdminOrdersTableProps) {
  const [page, setPage] = useState(1);
  const orders = useAdminOrders(page, pageSize);

  if (orders.isPending) return <PageLoading label="Loading the orders…" />;
  if (orders.isError) {
    return (
      <QueryErrorAlert
        error={orders.error}
        onRetry={() => void orders.refetch()}
        isRetrying={orders.isFetching}
      />
    );
  }
  const { items, total } = orders.data;
  if (total === 0) return <p className="orders-empty">No orders yet.</p>;
  return (
    <>
      <DataTable>
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
              <td>{order.customerEmail}</td>
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
      <Paginator
        page={page}
        pageCount={Math.ceil(total / pageSize)}
        onPageChange={setPage}
        label={`${caption} pages`}
      />
    </>
  );
}
