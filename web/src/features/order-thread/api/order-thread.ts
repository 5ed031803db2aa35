import type {
  OrderMessage,
  OrderThread,
  OrderThreadRead,
  PostAdminOrderMessageInput,
  UnreadMessages,
} from '@contracts/order-thread';
import type { StoredFile } from '@contracts/files';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { uploadOrderFile } from '../../../lib/order-files';

export type ThreadViewer = 'customer' | 'admin';

/**
 * Query keys of the threads and the unread counts. The admin live feed refreshes `all` on each
 * customer message (features/live-feed writes this root out: rename it there too).
 */
export const orderThreadKeys = {
  all: ['order-thread'] as const,
  thread: (viewer: ThreadViewer, orderId: string) =>
    [...orderThreadKeys.all, viewer, 'thread', orderId] as const,
  unread: (viewer: ThreadViewer) => [...orderThreadKeys.all, viewer, 'unread'] as const,
};

/** Customers and admins reach a thread by their own routes. */
const threadPath = (viewer: ThreadViewer, orderId: string) =>
  `${viewer === 'admin' ? '/api/admin/orders' : '/api/orders'}/${encodeURIComponent(orderId)}/messages`;

/** How often a shown thread and the unread counts are asked again (customers have no live feed). */
const REFRESH_MS = 30_000;

/** The order's thread, oldest first (a customer's has no internal notes: the server leaves them out). */
export function useOrderThread(viewer: ThreadViewer, orderId: string) {
  return useQuery({
    queryKey: orderThreadKeys.thread(viewer, orderId),
    queryFn: ({ signal }) => api.get<OrderThread>(threadPath(viewer, orderId), { signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** Unread messages per order: the agency's for a customer, the customers' for the admins. */
export function useUnreadMessages(viewer: ThreadViewer) {
  return useQuery({
    queryKey: orderThreadKeys.unread(viewer),
    queryFn: ({ signal }) =>
      api.get<UnreadMessages>(
        viewer === 'admin' ? '/api/admin/orders/unread' : '/api/orders/unread',
        {
          signal,
        },
      ),
    refetchInterval: REFRESH_MS,
  });
}

/** Writes a message (an admin: or an internal note); the thread and the counts are asked again. */
export function usePostOrderMessage(viewer: ThreadViewer, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostAdminOrderMessageInput) =>
      api.post<OrderMessage>(
        threadPath(viewer, orderId),
        viewer === 'admin' ? input : { body: input.body, attachments: input.attachments },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderThreadKeys.all }),
  });
}

/** The viewer has read the thread: its unread count and the viewer's counts drop. */
export function useMarkThreadRead(viewer: ThreadViewer, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<OrderThreadRead>(`${threadPath(viewer, orderId)}/read`),
    onSuccess: async (read) => {
      queryClient.setQueryData<OrderThread>(orderThreadKeys.thread(viewer, orderId), (thread) =>
        thread ? { ...thread, unread: read.unread } : thread,
      );
      await queryClient.invalidateQueries({ queryKey: orderThreadKeys.unread(viewer) });
    },
  });
}

/**
 * Uploads one file for the order's thread, telling its progress (0 to 1): a message's attachment, or
 * an internal note's file (admins), which its customer can never download.
 */
export function uploadThreadFile(
  orderId: string,
  file: File,
  internal: boolean,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  return uploadOrderFile(orderId, file, {
    kind: internal ? 'internal-note' : 'order-attachment',
    onProgress,
    signal,
  });
}
