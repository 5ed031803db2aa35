import {
  type AdminSubscriptionAction,
  type PaypalSubscriptionCreated,
  type Subscription,
  type SubscriptionActivation,
} from '@contracts/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

const id = (value: string) => encodeURIComponent(value);

/**
 * The root of the orders feature's query keys (`ordersKeys.all` in features/orders/api/orders.ts,
 * written out: features do not import each other): a subscription's charge pays its order.
 */
const ORDERS_KEY = ['orders'] as const;

export const subscriptionsKeys = {
  all: ['subscriptions'] as const,
  mine: () => [...subscriptionsKeys.all, 'mine'] as const,
  ofOrder: (orderId: string) => [...subscriptionsKeys.all, 'order', orderId] as const,
};

/** POST /api/orders/:id/paypal-subscription — the PayPal subscription the buttons approve. */
export function createPaypalSubscription(orderId: string): Promise<PaypalSubscriptionCreated> {
  return api.post<PaypalSubscriptionCreated>(`/api/orders/${id(orderId)}/paypal-subscription`);
}

/** POST /api/orders/:id/paypal-subscription/activate — the server asks PayPal whether it is approved. */
export function activatePaypalSubscription(
  orderId: string,
  subscriptionId: string,
): Promise<SubscriptionActivation> {
  return api.post<SubscriptionActivation>(
    `/api/orders/${id(orderId)}/paypal-subscription/activate`,
    { subscriptionId },
  );
}

/** GET /api/subscriptions — the signed-in customer's subscriptions, newest first. */
export function useMySubscriptions() {
  return useQuery({
    queryKey: subscriptionsKeys.mine(),
    queryFn: ({ signal }) => api.get<Subscription[]>('/api/subscriptions', { signal }),
  });
}

/** POST /api/subscriptions/:id/cancel — at PayPal; the service runs to the end of the paid month. */
export function useCancelMySubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      api.post<Subscription>(`/api/subscriptions/${id(subscriptionId)}/cancel`),
    onSuccess: (cancelled) => {
      queryClient.setQueryData<Subscription[]>(subscriptionsKeys.mine(), (list) =>
        list?.map((subscription) =>
          subscription._id === cancelled._id ? cancelled : subscription,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.mine() });
    },
  });
}

/** GET /api/admin/orders/:id/subscription — the order's subscription; null when it has none (404). */
export function useOrderSubscription(orderId: string) {
  return useQuery({
    queryKey: subscriptionsKeys.ofOrder(orderId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Subscription>(`/api/admin/orders/${id(orderId)}/subscription`, {
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      }
    },
  });
}

export type AdminSubscriptionVerb = 'suspend' | 'activate' | 'cancel' | 'migrate';

/**
 * POST /api/admin/orders/:id/subscription/{suspend|activate|cancel|migrate} — pause, resume, cancel
 * (each with a reason, audited) or move to the package's current price. The panel shows the server's
 * answer at once.
 */
export function useAdminSubscriptionAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, reason }: { verb: AdminSubscriptionVerb; reason?: string }) =>
      api.post<Subscription>(
        `/api/admin/orders/${id(orderId)}/subscription/${verb}`,
        verb === 'migrate'
          ? undefined
          : ({ reason: reason ?? '' } satisfies AdminSubscriptionAction),
      ),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionsKeys.ofOrder(orderId), subscription);
      void queryClient.invalidateQueries({ queryKey: subscriptionsKeys.ofOrder(orderId) });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}
