import {
  type CustomerOrderList,
  formatOrderDate,
  type Order,
  ORDER_TEXTS,
} from '@contracts/orders';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../../components/ui/page';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { useMyOrders } from '../api/orders';
import { InvoiceLinks } from './invoice-links';
import { DueDate } from './order-overview';
import { PaymentCell } from './payment-cell';
import './orders.css';
import { orderPrice } from './order-price';

export interface CustomerOrdersTableProps {
  /** 3 on the dashboard, 5 on the order pages (spec §9). */
  pageSize: number;
  caption: string;
  /** The dashboard's columns (Your Name too), or the order pages'. */
  variant: 'dashboard' | 'orders';
  /** Every order (default), or only the open ones ('Your Pending Orders'). */
  list?: CustomerOrderList;
}

function orderColumns(
  variant: CustomerOrdersTableProps['variant'],
  list: CustomerOrderList,
): PagedTableColumn<Order>[] {
  return [
    { header: 'Sl No.', cell: (_, number) => number },
    { header: 'Order Date', cell: (order) => formatOrderDate(order.orderDate) },
    ...(variant === 'dashboard'
      ? [{ header: 'Your Name', cell: (order: Order) => order.customerName }]
      : []),
    {
      header: 'Package',
      cell: (order) => (
        <Link
          to={`/orders/${encodeURIComponent(order._id)}`}
          aria-label={`${ORDER_TEXTS.viewOrder}: ${order.packageName}, ${formatOrderDate(order.orderDate)}`}
        >
          {order.packageName}
        </Link>
      ),
    },
    { header: 'Price', cell: (order) => orderPrice(order) },
    { header: 'Order Status', cell: (order) => order.orderStatus },
    { header: 'Payment Status', cell: (order) => <PaymentCell order={order} /> },
    // My Orders: when the work is due (or that it is set once the details are sent).
    ...(variant === 'orders' && list === 'all'
      ? [{ header: ORDER_TEXTS.dueDate, cell: (order: Order) => <DueDate order={order} /> }]
      : []),
    // My Orders only (spec §9 names the dashboard's columns; pending orders are to pay).
    ...(variant === 'orders' && list === 'all'
      ? [{ header: 'Invoice', cell: (order: Order) => <InvoiceLinks order={order} /> }]
      : []),
  ];
}

/** The signed-in customer's orders, newest first, paged on the server. */
export function CustomerOrdersTable({
  pageSize,
  caption,
  variant,
  list = 'all',
}: CustomerOrdersTableProps) {
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      query={useMyOrders(page, pageSize, list)}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      caption={caption}
      loading={<PageLoading label="Loading your orders…" />}
      columns={orderColumns(variant, list)}
      rowKey={(order) => order._id}
      emptyText={list === 'open' ? 'You have no open orders.' : 'You have no orders yet.'}
      emptyAloneClassName="orders-empty"
    />
  );
}
