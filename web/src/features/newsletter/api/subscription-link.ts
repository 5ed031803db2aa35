import { type Notice } from '@contracts/identity';
import { type SubscriberToken } from '@contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What a link of a newsletter e-mail does. */
export type SubscriptionLinkAction = 'confirm' | 'unsubscribe';

/**
 * POST /api/subscribers/confirm or /api/subscribers/unsubscribe — 200 with a notice, or 400 when the
 * link is invalid or expired.
 */
export function followSubscriptionLink(
  action: SubscriptionLinkAction,
  input: SubscriberToken,
): Promise<Notice> {
  return api.post<Notice>(`/api/subscribers/${action}`, { token: input.token });
}

export function useSubscriptionLink(action: SubscriptionLinkAction) {
  return useMutation({
    mutationFn: (input: SubscriberToken) => followSubscriptionLink(action, input),
  });
}
