import {
  adminOrderFilterParams,
  type AdminOrderFilterInput,
  type AdminOrderSummary,
  type CustomerOrderList,
  type CustomerOrderSummary,
  type Order,
  type OrderPage,
  type OrderStatus,
  type PlaceOrderInput,
} from '@contracts/orders';
import type { AdminInvoicePage, InvoiceSummary } from '@contracts/invoices';
import type { OrderActivity } from '@contracts/workspace';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Query keys of the order screens; every order mutation invalidates `all`. */
export const ordersKeys = {
  all: ['orders'] as const,
  mine: (page: number, pageSize: number, list: CustomerOrderList = 'all') =>
    [...ordersKeys.all, 'mine', list, page, pageSize] as const,
  mySummary: () => [...ordersKeys.all, 'mine', 'summary'] as const,
  mineOne: (id: string) => [...ordersKeys.all, 'mine', 'one', id] as const,
  admin: (page: number, pageSize: number, filter: AdminOrderFilterInput) =>
    [
      ...ordersKeys.all,
      'admin',
      page,
      pageSize,
      adminOrderFilterParams(filter).toString(),
    ] as const,
  adminSummary: () => [...ordersKeys.all, 'admin', 'summary'] as const,
  adminOne: (id: string) => [...ordersKeys.all, 'admin', 'one', id] as const,
  invoices: (id: string) => [...ordersKeys.all, 'invoices', id] as const,
  timeline: (viewer: OrderViewer, id: string) =>
    [...ordersKeys.all, 'timeline', viewer, id] as const,
  due: (page: number, pageSize: number) =>
    [...ordersKeys.all, 'admin', 'due', page, pageSize] as const,
  adminInvoices: (page: number, pageSize: number) =>
    [...ordersKeys.all, 'admin', 'invoices', page, pageSize] as const,
};

/** Who reads the order page: its customer (their own orders), or an admin (any order). */
export type OrderViewer = 'customer' | 'admin';

const id = (orderId: string) => encodeURIComponent(orderId);

/**
 * The signed-in customer's orders, newest first: one page, paged on the server; every order, or only
 * the open ones (`list: 'open'`, filtered on the server so that the page count is right).
 */
export function useMyOrders(page: number, pageSize: number, list: CustomerOrderList = 'all') {
  const only = list === 'all' ? '' : `&list=${list}`;
  return useQuery({
    queryKey: ordersKeys.mine(page, pageSize, list),
    queryFn: ({ signal }) =>
      api.get<OrderPage>(`/api/orders/mine?page=${page}&pageSize=${pageSize}${only}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMyOrderSummary() {
  return useQuery({
    queryKey: ordersKeys.mySummary(),
    queryFn: ({ signal }) => api.get<CustomerOrderSummary>('/api/orders/summary', { signal }),
  });
}

/**
 * One of the customer's orders; `refetchInterval` keeps polling while it is set (the return page);
 * not asked for until `enabled`.
 */
export function useMyOrder(
  orderId: string,
  refetchInterval?: (order?: Order) => number | false,
  enabled = true,
) {
  return useQuery({
    queryKey: ordersKeys.mineOne(orderId),
    enabled,
    queryFn: ({ signal }) => api.get<Order>(`/api/orders/${id(orderId)}`, { signal }),
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : undefined,
  });
}

/**
 * Every order, or the filtered ones (a search, payment and order states, days; the open disputes: one
 * payment state), newest first: one page.
 */
export function useAdminOrders(page: number, pageSize: number, filter: AdminOrderFilterInput = {}) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [name, value] of adminOrderFilterParams(filter)) query.set(name, value);
  return useQuery({
    queryKey: ordersKeys.admin(page, pageSize, filter),
    queryFn: ({ signal }) => api.get<OrderPage>(`/api/admin/orders?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrderSummary() {
  return useQuery({
    queryKey: ordersKeys.adminSummary(),
    queryFn: ({ signal }) => api.get<AdminOrderSummary>('/api/admin/orders/summary', { signal }),
  });
}

export function useAdminOrder(orderId: string) {
  return useQuery({
    queryKey: ordersKeys.adminOne(orderId),
    queryFn: ({ signal }) => api.get<Order>(`/api/admin/orders/${id(orderId)}`, { signal }),
  });
}

/**
 * The payments feature's queries (an order's checkout, PayPal record, notifications), by the root of
 * their keys, written out: features do not import each other.
 */
const PAYMENTS_KEY = ['payments'] as const;

/**
 * A mutation of an order. Once the server accepted it, the order's screens show the server's answer at
 * once, and every order and payment query is read again (lists, totals) without holding up the
 * caller's confirmation.
 */
function useOrderMutation<Input>(mutationFn: (input: Input) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => {
      // Only where it is shown already: a customer's cache holds no admin view, and the other way round.
      queryClient.setQueryData<Order>(ordersKeys.adminOne(order._id), (shown) => shown && order);
      queryClient.setQueryData<Order>(ordersKeys.mineOne(order._id), (shown) => shown && order);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    },
  });
}

/** POST /api/orders: the package by id and the customer's full name; the server does the rest. */
export const usePlaceOrder = () =>
  useOrderMutation((input: PlaceOrderInput) => api.post<Order>('/api/orders', input));

/** POST /api/orders/:id/cancel: the customer cancels an unpaid order (the PayPal cancel page). */
export const useCancelMyOrder = () =>
  useOrderMutation((orderId: string) => api.post<Order>(`/api/orders/${id(orderId)}/cancel`));

export const useSetOrderStatus = (orderId: string) =>
  useOrderMutation((orderStatus: OrderStatus) =>
    api.put<Order>(`/api/admin/orders/${id(orderId)}/status`, { orderStatus }),
  );

export const useRecordPayment = (orderId: string) =>
  useOrderMutation((reason: string) =>
    api.post<Order>(`/api/admin/orders/${id(orderId)}/payment`, { reason }),
  );

export const useCancelAsAdmin = (orderId: string) =>
  useOrderMutation((reason: string) =>
    api.post<Order>(`/api/admin/orders/${id(orderId)}/cancel`, { reason }),
  );

/** An order's invoices and credit notes (its customer's or, for an admin, any order's). */
export function useOrderInvoices(orderId: string) {
  return useQuery({
    queryKey: ordersKeys.invoices(orderId),
    queryFn: ({ signal }) =>
      api.get<InvoiceSummary[]>(`/api/orders/${id(orderId)}/invoices`, { signal }),
  });
}

/** The order page's order: the customer's route for its customer, the admins' for an admin. */
export function useOrderFor(viewer: OrderViewer, orderId: string) {
  return useQuery({
    queryKey: viewer === 'admin' ? ordersKeys.adminOne(orderId) : ordersKeys.mineOne(orderId),
    queryFn: ({ signal }) =>
      api.get<Order>(
        viewer === 'admin' ? `/api/admin/orders/${id(orderId)}` : `/api/orders/${id(orderId)}`,
        { signal },
      ),
  });
}

/**
 * An order's timeline, oldest first: a customer's holds no internal entries (filtered on the
 * server); an admin's holds everything.
 */
export function useOrderTimeline(viewer: OrderViewer, orderId: string) {
  return useQuery({
    queryKey: ordersKeys.timeline(viewer, orderId),
    queryFn: ({ signal }) =>
      api.get<OrderActivity[]>(
        viewer === 'admin'
          ? `/api/admin/orders/${id(orderId)}/timeline`
          : `/api/orders/${id(orderId)}/timeline`,
        { signal },
      ),
  });
}

/** The admin home's Due soon / overdue: Pending paid orders with a due date, soonest first. */
export function useDueOrders(page: number, pageSize: number) {
  return useQuery({
    queryKey: ordersKeys.due(page, pageSize),
    queryFn: ({ signal }) =>
      api.get<OrderPage>(`/api/admin/orders/due?page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every invoice and credit note, newest first (admins). */
export function useAdminInvoices(page: number, pageSize: number) {
  return useQuery({
    queryKey: ordersKeys.adminInvoices(page, pageSize),
    queryFn: ({ signal }) =>
      api.get<AdminInvoicePage>(`/api/admin/invoices?page=${page}&pageSize=${pageSize}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
