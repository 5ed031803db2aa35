import {
  adminDeliveriesPath,
  type DeliverWorkInput,
  deliveriesPath,
  type Delivery,
} from '@contracts/deliverables';
import type { StoredFile } from '@contracts/files';
import type { Order } from '@contracts/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, NetworkError } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from '../../../lib/query-keys';
import { setTabIdHeader } from '../../../lib/tab-id';

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

/** The error the server answered an upload with: its message and field messages, as the API client. */
function uploadError(status: number, text: string): ApiError {
  let body: { message?: unknown; fields?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status speaks.
  }
  const fields =
    body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : {};
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : status === 413
        ? 'The file is too large.'
        : `The upload failed (${status}).`;
  return new ApiError(status, message, fields);
}

/**
 * Uploads one file as a deliverable of the order (POST /api/orders/{id}/files?kind=deliverable),
 * reporting its progress (0–1): XMLHttpRequest, since fetch reports no upload progress.
 */
export function uploadDeliverable(
  orderId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/orders/${id(orderId)}/files?kind=deliverable`);
    const headers = new Headers({ Accept: 'application/json' });
    setTabIdHeader(headers, 'POST');
    headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(JSON.parse(request.responseText) as StoredFile);
      } else {
        reject(uploadError(request.status, request.responseText));
      }
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
