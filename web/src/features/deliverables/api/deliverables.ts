import {
  adminDeliveriesPath,
  type DeliverWorkInput,
  deliveriesPath,
  type Delivery,
} from '@contracts/deliverables';
import type { StoredFile } from '@contracts/files';
import type { Order } from '@contracts/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from '../../../lib/query-keys';
import { uploadOrderFile } from '../../../lib/order-files';

export type Viewer = 'customer' | 'admin';

/** Under the orders' root: anything that refreshes an order refreshes its deliveries too. */
export const deliveriesKeys = {
  of: (orderId: string, viewer: Viewer) =>
    [...ORDERS_QUERY_KEY, 'deliveries', viewer, orderId] as const,
};

const id = (orderId: string) => encodeURIComponent(orderId);

/** The order's rounds, newest first (the customer's route or the admins'). */
export function useDeliveries(orderId: string, viewer: Viewer) {
  return useQuery({
    queryKey: deliveriesKeys.of(orderId, viewer),
    queryFn: ({ signal }) =>
      api.get<Delivery[]>(
        viewer === 'admin' ? adminDeliveriesPath(id(orderId)) : deliveriesPath(id(orderId)),
        { signal },
      ),
  });
}

/** Once the server accepted a change, every order query (this order, lists, timeline) is read again. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
}

export function useDeliver(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (input: DeliverWorkInput) =>
      api.post<Delivery>(`/api/admin/orders/${id(orderId)}/deliveries`, input),
    onSuccess: () => void refresh(),
  });
}

export function useApproveDelivery(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: () => api.post<Order>(`${deliveriesPath(id(orderId))}/approve`),
    onSuccess: () => void refresh(),
  });
}

export function useRequestChanges(orderId: string) {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (message: string) =>
      api.post<Order>(`${deliveriesPath(id(orderId))}/request-changes`, { message }),
    onSuccess: () => void refresh(),
  });
}

/**
 * Uploads one file as a deliverable of the order (POST /api/orders/{id}/files?kind=deliverable),
 * reporting its progress (0–1).
 */
export function uploadDeliverable(
  orderId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  return uploadOrderFile(orderId, file, { kind: 'deliverable', onProgress, signal });
}
