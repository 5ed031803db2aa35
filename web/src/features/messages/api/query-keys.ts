import { type MessageStatus } from '@contracts/messages';

/** Which page of the inbox: by status (none: every message) and by sender. */
export interface MessageListParams {
  page: number;
  pageSize: number;
  status?: MessageStatus;
  q?: string;
}

/** Query keys of the inbox screens; marking a message read sets its detail and invalidates `lists`. */
export const messagesKeys = {
  all: ['messages'] as const,
  lists: () => [...messagesKeys.all, 'list'] as const,
  list: (params: MessageListParams) => [...messagesKeys.lists(), params] as const,
  detail: (id: string) => [...messagesKeys.all, 'detail', id] as const,
};
