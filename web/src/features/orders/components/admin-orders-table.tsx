import { formatOrderDate, type Order, ORDER_TEXTS } from '@contracts/orders';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { useAdminOrders } from '../api/orders';
import {
  ADMIN_ORDERS_SEARCH,
  AdminOrdersFilters,
  toAdminOrderFilter,
} from './admin-orders-table-filters';
import './orders.css';
import './admin-orders-table.css';
import { orderPrice } from './order-price';

export interface AdminOrdersTableProps {
  /** 3 on the admin home, 7 on /total-orders (spec §9). */
  pageSize: number;
  caption: string;
  /** The admin home's columns and 'Update Order', or /total-orders' (Delivery Status, 'Update'). */
  variant: 'home' | 'all';
}

/** Sl., date, name, e-mail, price or package, the two statuses and the action. */
function orderColumns(variant: AdminOrdersTableProps['variant']): PagedTableColumn<Order>[] {
  const home = variant === 'home';
  const action = home ? 'Update Order' : 'Update';
  return [
    { header: home ? 'Sl.' : 'Sl No.', cell: (_, number) => number },
    { header: 'Order Date', cell: (order) => formatOrderDate(order.orderDate) },
    {
      header: 'Customer Name',
      cell: (order) => (
        <Link
          to={`/orders/${encodeURIComponent(order._id)}`}
          aria-label={`${ORDER_TEXTS.viewOrder}: ${order.customerName}, ${formatOrderDate(order.orderDate)}`}
        >
          {order.customerName}
        </Link>
      ),
    },
    {
      header: 'Customer Email',
      className: 'data-table__token',
      cell: (order) => <EmailAddress email={order.customerEmail} />,
    },
    home
      ? { header: 'Price', cell: (order) => orderPrice(order) }
      : {
          header: 'Package',
          // A monthly plan says so, with its price per month.
          cell: (order) =>
            order.billing === 'monthly'
              ? `${order.packageName} — ${orderPrice(order)}`
              : order.packageName,
        },
    { header: home ? 'Order Status' : 'Delivery Status', cell: (order) => order.orderStatus },
    {
      header: 'Payment Status',
      cell: (order) => (
        <>
          {order.paymentStatus}
          {order.reviewReason && <span className="order-flag"> (needs review)</span>}
        </>
      ),
    },
    {
      header: 'Action',
      headerHidden: true,
      cell: (order) => (
        <Link
          to={`/admin/payment-status/${encodeURIComponent(order._id)}`}
          aria-label={`${action}: ${order.customerName}, ${formatOrderDate(order.orderDate)}`}
        >
          {action}
        </Link>
      ),
    },
  ];
}

/** Every order, newest first, paged on the server, each linking to its update screen. */
export function AdminOrdersTable({ pageSize, caption, variant }: AdminOrdersTableProps) {
  const [page, setPage] = useState(1);
  return (
    <PagedTable
      query={useAdminOrders(page, pageSize)}
      page={page}
      pageSize={pageSize}
      onPageChange={setPage}
      caption={caption}
      errorTitle={caption}
      columns={orderColumns(variant)}
      rowKey={(order) => order._id}
      emptyText="No orders yet."
    />
  );
}

/**
 * `/total-orders`: every order or the ones searched and filtered, newest first, with their CSV. The
 * page and the filters live in the address, so Back, a reload and a shared link show the same list.
 */
export function AdminOrdersList({ pageSize, caption }: Omit<AdminOrdersTableProps, 'variant'>) {
  const { page, filters, setPage, setFilters } = useListSearchParams(ADMIN_ORDERS_SEARCH);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <AdminOrdersFilters
        // The form starts from the address again whenever it changes (a filter, Back, a link).
        key={JSON.stringify(filters)}
        filters={filters}
        onChange={(next) =>
          setFilters({
            q: next.q,
            payment: next.payment,
            status: next.status,
            billing: next.billing,
            from: next.from,
            to: next.to,
          })
        }
      />
      <PagedTable
        query={useAdminOrders(page, pageSize, toAdminOrderFilter(filters))}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        caption={caption}
        errorTitle={caption}
        columns={orderColumns('all')}
        rowKey={(order) => order._id}
        emptyText={filtered ? 'No order matches these filters.' : 'No orders yet.'}
        pastLastPageText={(pageCount) => `There is no page ${page}: the list has ${pageCount}.`}
      />
    </>
  );
}
