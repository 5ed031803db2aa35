import {
  type CaptureResult,
  type Checkout,
  type OrderPaypal,
  type PaypalOrderCreated,
} from '@contracts/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

/** POST /api/admin/orders/:id/refund — a full refund; the order and its PayPal record refresh. */
export function useRefundPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<OrderPaypal>(`/api/admin/orders/${encodeURIComponent(orderId)}/refund`),
    onSuccess: (paypal) => {
      queryClient.setQueryData(orderPaypalKey(orderId), paypal);
      return queryClient.invalidateQueries();
    },
  });
}

/**
 * POST /api/admin/orders/:id/unapplied-payments/:paymentId/refund — gives back money that arrived while
 * the order was not unpaid; the order's PayPal record refreshes.
 */
export function useRefundUnappliedPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.post<OrderPaypal>(
        `/api/admin/orders/${encodeURIComponent(orderId)}/unapplied-payments/${encodeURIComponent(paymentId)}/refund`,
      ),
    onSuccess: (paypal) => {
      queryClient.setQueryData(orderPaypalKey(orderId), paypal);
      return queryClient.invalidateQueries();
    },
  });
}
