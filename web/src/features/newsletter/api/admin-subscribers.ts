import { type Notice } from '@contracts/identity';
import { type SubscriberPage, type SubscriberStatus } from '@contracts/newsletter';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Which page of the subscribers: of one status, or every address. */
export interface SubscriberListParams {
  page: number;
  pageSize: number;
  status?: SubscriberStatus;
}

/** Query keys of the admin's subscriber tables; removing an address invalidates `all`. */
export const adminSubscribersKeys = {
  all: ['admin-subscribers'] as const,
  lists: () => [...adminSubscribersKeys.all, 'list'] as const,
  list: (params: SubscriberListParams) => [...adminSubscribersKeys.lists(), params] as const,
};

/** GET /api/admin/subscribers — one page, newest first, filtered on the server. */
export function getSubscribers(
  { page, pageSize, status }: SubscriberListParams,
  signal?: AbortSignal,
): Promise<SubscriberPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status) query.set('status', status);
  return api.get<SubscriberPage>(`/api/admin/subscribers?${query}`, { signal });
}

export const subscribersQueryOptions = (params: SubscriberListParams) =>
  queryOptions({
    queryKey: adminSubscribersKeys.list(params),
    queryFn: ({ signal }) => getSubscribers(params, signal),
    // The table keeps the page shown while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAdminSubscribers(params: SubscriberListParams) {
  return useQuery(subscribersQueryOptions(params));
}

/** DELETE /api/admin/subscribers/:id — 200 with the notice, 404 when it is gone already. */
export function removeSubscriber(id: string): Promise<Notice> {
  return api.delete<Notice>(`/api/admin/subscribers/${encodeURIComponent(id)}`);
}

export function useRemoveSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSubscriber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscribersKeys.all }),
  });
}
