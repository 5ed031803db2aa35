import { type Message, type SendMessage } from '@contracts/messages';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/messages — a visitor's contact form message. Resolves with the stored message (201). */
export function sendMessage(input: SendMessage): Promise<Message> {
  const { name, email, number, subject, message, website } = input;
  return api.post<Message>('/api/messages', { name, email, number, subject, message, website });
}

export type UseSendMessageOptions = Omit<
  UseMutationOptions<Message, Error, SendMessage>,
  'mutationFn'
>;

export function useSendMessage(options: UseSendMessageOptions = {}) {
  return useMutation({ ...options, mutationFn: sendMessage });
}
