import { type Notice, type RequestPasswordReset } from '@contracts/identity';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/password-reset — 202, always the same notice (whether or not the account exists). */
export function requestPasswordReset(input: RequestPasswordReset): Promise<Notice> {
  return api.post<Notice>('/api/auth/password-reset', { email: input.email });
}

export type UseRequestPasswordResetOptions = Omit<
  UseMutationOptions<Notice, Error, RequestPasswordReset>,
  'mutationFn'
>;

export function useRequestPasswordReset(options: UseRequestPasswordResetOptions = {}) {
  return useMutation({ ...options, mutationFn: requestPasswordReset });
}
