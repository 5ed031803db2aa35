import { type Notice, type ResetPassword } from '@contracts/identity';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/password-reset/confirm — 200 with a notice, or 400 when the link is invalid. */
export function resetPassword(input: ResetPassword): Promise<Notice> {
  const { token, password } = input;
  return api.post<Notice>('/api/auth/password-reset/confirm', { token, password });
}

export type UseResetPasswordOptions = Omit<
  UseMutationOptions<Notice, Error, ResetPassword>,
  'mutationFn'
>;

export function useResetPassword(options: UseResetPasswordOptions = {}) {
  return useMutation({ ...options, mutationFn: resetPassword });
}
