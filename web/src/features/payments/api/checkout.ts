import { type Checkout } from '@contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/orders/:id/checkout — the PayPal form of an unpaid order, or why there is none. */
export function useCheckout(orderId: string) {
  return useQuery({
    queryKey: ['payments', 'checkout', orderId],
    queryFn: ({ signal }) =>
      api.get<Checkout>(`/api/orders/${encodeURIComponent(orderId)}/checkout`, { signal }),
    staleTime: 0,
  });
}
