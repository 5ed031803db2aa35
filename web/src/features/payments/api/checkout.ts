import { type Order } from '@contracts/orders';
import {
  type CaptureResult,
  type Checkout,
  type OrderPaypal,
  PAYMENT_TEXTS,
  type PaymentNotification,
  type PaypalOrderCreated,
} from '@contracts/payments';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api, errorMessage } from '../../../lib/api-client';

/** GET /api/orders/:id/checkout — how to pay an unpaid order (Checkout or the Standard form), or why not. */
export function useCheckout(orderId: string) {
  return useQuery({
    queryKey: ['payments', 'checkout', orderId],
    queryFn: ({ signal }) =>
      api.get<Checkout>(`/api/orders/${encodeURIComponent(orderId)}/checkout`, { signal }),
    staleTime: 0,
  });
}

/** POST /api/orders/:id/paypal-order — PayPal Checkout: the PayPal order the buttons approve. */
export function createPaypalOrder(orderId: string): Promise<PaypalOrderCreated> {
  return api.post<PaypalOrderCreated>(`/api/orders/${encodeURIComponent(orderId)}/paypal-order`);
}

/** POST /api/orders/:id/paypal-order/capture — capture once the buyer approved at PayPal. */
export function capturePaypalOrder(orderId: string): Promise<CaptureResult> {
  return api.post<CaptureResult>(`/api/orders/${encodeURIComponent(orderId)}/paypal-order/capture`);
}

export const orderPaypalKey = (orderId: string) => ['payments', 'paypal', orderId] as const;

/** GET /api/admin/orders/:id/paypal — the order's PayPal Checkout record, for the admins. */
export function useOrderPaypal(orderId: string) {
  return useQuery({
    queryKey: orderPaypalKey(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderPaypal>(`/api/admin/orders/${encodeURIComponent(orderId)}/paypal`, { signal }),
  });
}

/**
 * The root of the orders feature's query keys (`ordersKeys.all` in features/orders/api/orders.ts,
 * written out: features do not import each other): every order list, order and total.
 */
const ORDERS_KEY = ['orders'] as const;

/** How often, and how many times, the order is read again while it takes in a refund (see below). */
export const REFUND_FOLLOW = { intervalMs: 500, attempts: 20 };

/**
 * The order turns Refunded a moment after PayPal refunded (the worker applies the PaymentRefunded
 * event): it is read again until it has, then its screens refresh, so the admin sees "Refunded"
 * without a reload. Gives up quietly after REFUND_FOLLOW.attempts (the screens show it on their next
 * load).
 */
async function followRefundedOrder(queryClient: QueryClient, orderId: string): Promise<void> {
  for (let attempt = 1; attempt <= REFUND_FOLLOW.attempts; attempt++) {
    try {
      const order = await api.get<Order>(`/api/admin/orders/${encodeURIComponent(orderId)}`);
      if (order.paymentStatus !== 'Paid') break;
    } catch {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, REFUND_FOLLOW.intervalMs));
  }
  await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}

/**
 * POST /api/admin/orders/:id/refund — a full refund. Confirmed once, as soon as the server answered (a
 * refund PayPal has not completed yet says so); the PayPal record shows the server's answer at once and
 * the order follows.
 */
export function useRefundPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<OrderPaypal>(`/api/admin/orders/${encodeURIComponent(orderId)}/refund`),
    onSuccess: (paypal) => {
      queryClient.setQueryData(orderPaypalKey(orderId), paypal);
      if (paypal.status === 'REFUNDED') {
        toast.success(PAYMENT_TEXTS.refunded);
        void followRefundedOrder(queryClient, orderId);
      } else {
        // PayPal completes it later (its webhook): the order changes then, not now.
        toast.info(paypal.detail ?? 'PayPal has not completed the refund yet');
        void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      }
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/**
 * POST /api/admin/orders/:id/unapplied-payments/:paymentId/refund — gives back money that arrived while
 * the order was not unpaid; confirmed once, and the order's PayPal record shows the server's answer.
 */
export function useRefundUnappliedPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.post<OrderPaypal>(
        `/api/admin/orders/${encodeURIComponent(orderId)}/unapplied-payments/${encodeURIComponent(paymentId)}/refund`,
      ),
    onSuccess: (paypal, paymentId) => {
      queryClient.setQueryData(orderPaypalKey(orderId), paypal);
      const after = paypal.unappliedPayments.find((payment) => payment._id === paymentId);
      if (after?.status === 'refunded') toast.success(PAYMENT_TEXTS.refunded);
      else toast.info(after?.detail ?? 'PayPal has not completed the refund yet');
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/**
 * POST /api/admin/payment-notifications/:id/verify — a failed, invalid or mismatched notification goes
 * back to PayPal. Confirmed once the server queued it; the row shows "pending" at once, and the
 * order's queries are read again while it is (see OrderNotifications).
 */
export function useVerifyNotificationAgain(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      api.post<void>(
        `/api/admin/payment-notifications/${encodeURIComponent(notificationId)}/verify`,
      ),
    onSuccess: (_, notificationId) => {
      toast.success('Sent to PayPal for verification again');
      queryClient.setQueryData<PaymentNotification[]>(notificationsKey(orderId), (notifications) =>
        notifications?.map((notification) =>
          notification._id === notificationId
            ? { ...notification, result: 'pending', detail: null }
            : notification,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: notificationsKey(orderId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export const notificationsKey = (orderId: string) =>
  ['payments', 'notifications', orderId] as const;

/**
 * GET /api/admin/orders/:id/notifications — the order's PayPal notifications; read again every 2 s
 * while one is being verified. When verifications end, the order and its payment are read again (a
 * verified notification may have paid the order).
 */
export function useOrderNotifications(orderId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationsKey(orderId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<PaymentNotification[]>(notificationsKey(orderId));
      const notifications = await api.get<PaymentNotification[]>(
        `/api/admin/orders/${encodeURIComponent(orderId)}/notifications`,
        { signal },
      );
      const settled = before?.some(
        (was) =>
          was.result === 'pending' &&
          notifications.some((now) => now._id === was._id && now.result !== 'pending'),
      );
      if (settled) {
        void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
        void queryClient.invalidateQueries({ queryKey: orderPaypalKey(orderId) });
      }
      return notifications;
    },
    refetchInterval: (query) =>
      query.state.data?.some((notification) => notification.result === 'pending') ? 2000 : false,
  });
}
