import { type MessagePage } from '@contracts/messages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type MessageListParams, messagesKeys } from './query-keys';

/** GET /api/admin/messages — one page of the inbox, newest first, filtered on the server. */
export function getMessages(
  { page, pageSize, status, q }: MessageListParams,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status) query.set('status', status);
  if (q) query.set('q', q);
  return api.get<MessagePage>(`/api/admin/messages?${query}`, { signal });
}

export const messagesQueryOptions = (params: MessageListParams) =>
  queryOptions({
    queryKey: messagesKeys.list(params),
    queryFn: ({ signal }) => getMessages(params, signal),
    // The table keeps the page shown while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useMessages(params: MessageListParams) {
  return useQuery(messagesQueryOptions(params));
}
