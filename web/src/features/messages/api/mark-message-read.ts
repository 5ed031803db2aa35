import { type MarkMessageRead, type MessageRead } from '@contracts/messages';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

/** PUT /api/admin/messages/:id {messageStatus: 'Read'} — the message, now Read, and the notice. */
export function markMessageRead(id: string): Promise<MessageRead> {
  const body: MarkMessageRead = { messageStatus: 'Read' };
  return api.put<MessageRead>(`/api/admin/messages/${encodeURIComponent(id)}`, body);
}

export type UseMarkMessageReadOptions = Omit<
  UseMutationOptions<MessageRead, Error, string>,
  'mutationFn'
>;

export function useMarkMessageRead(options: UseMarkMessageReadOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: markMessageRead,
    onSuccess: async (...args) => {
      const [answer, id] = args;
      queryClient.setQueryData(messagesKeys.detail(id), answer.message);
      // The message moves from the Unread lists to the Read ones.
      await queryClient.invalidateQueries({ queryKey: messagesKeys.lists() });
      await options.onSuccess?.(...args);
    },
  });
}
