import { type Message } from '@contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** GET /api/admin/messages/:id — one message, or 404. */
export function getMessage(id: string, signal?: AbortSignal): Promise<Message> {
  return api.get<Message>(`/api/admin/messages/${encodeURIComponent(id)}`, { signal });
}

export const messageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messagesKeys.detail(id),
    queryFn: ({ signal }) => getMessage(id, signal),
  });

export function useMessage(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...messageQueryOptions(id), enabled });
}
