import { type Notice } from '@contracts/identity';
import { type Subscribe } from '@contracts/newsletter';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/subscribers — 202 with the same notice whether the address is new, pending or already
 * confirmed; a new or pending address is e-mailed a confirmation link.
 */
export function subscribe(input: Subscribe): Promise<Notice> {
  return api.post<Notice>('/api/subscribers', { subemail: input.subemail });
}

export type UseSubscribeOptions = Omit<UseMutationOptions<Notice, Error, Subscribe>, 'mutationFn'>;

export function useSubscribe(options: UseSubscribeOptions = {}) {
  return useMutation({ ...options, mutationFn: subscribe });
}
