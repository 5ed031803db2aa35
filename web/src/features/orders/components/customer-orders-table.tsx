import { formatMoney, formatOrderDate } from '@contracts/orders';
import { useState } from 'react';
import { Paginator } from '../../../components/ui/paginator';
import { PageLoading } from '../../../components/ui/page';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { DataTable } from '../../../components/ui/table';
import { useMyOrders } from '../api/orders';
import { PaymentCell } from './payment-cell';
import './orders.css';

export interface CustomerOrdersTableProps {
  /** 3 on the dashboard, 5 on the order pages (spec §9). */
  pageSize: number;
  caption: string;
  /** The dashboard's columns (Your Name), or the order pages' (Package, Price). */
  variant: 'dashboard' | 'orders';
}

/** The signed-in customer's orders, newest first, paged on the server. */
export function CustomerOrdersTable({ pageSize, caption, variant }: CustomerOrdersTableProps) {
  const [page, setPage] = useState(1);
  const orders = useMyOrders(page, pageSize);

  if (orders.isPending) return <PageLoading label="Loading your orders…" />;
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
  if (total === 0) return <p className="orders-empty">You have no orders yet.</p>;
  return (
    <>
      <DataTable>
        <caption className="orders-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Sl No.</th>
            <th scope="col">Order Date</th>
            {variant === 'dashboard' ? (
              <th scope="col">Your Name</th>
            ) : (
              <>
                <th scope="col">Package</th>
                <th scope="col">Price</th>
              </>
            )}
            <th scope="col">Order Status</th>
            <th scope="col">Payment Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((order, index) => (
            <tr key={order._id}>
              <td>{(page - 1) * pageSize + index + 1}</td>
              <td>{formatOrderDate(order.orderDate)}</td>
              {variant === 'dashboard' ? (
                <td>{order.customerName}</td>
              ) : (
                <>
                  <td>{order.packageName}</td>
                  <td>{formatMoney(order.packagePrice)}</td>
                </>
              )}
              <td>{order.orderStatus}</td>
              <td>
                <PaymentCell order={order} />
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
