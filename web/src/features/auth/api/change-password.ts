import { type ChangePassword, type Notice } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/**
 * PUT /api/account/password — 200 with a notice; the account's other sessions are signed out.
 * `currentPassword` is left out for an account without a password (Google only).
 */
export function changePassword(input: ChangePassword): Promise<Notice> {
  const { currentPassword, newPassword } = input;
  return api.put<Notice>('/api/account/password', {
    ...(currentPassword ? { currentPassword } : {}),
    newPassword,
  });
}

export type UseChangePasswordOptions = Omit<
  UseMutationOptions<Notice, Error, ChangePassword>,
  'mutationFn'
>;

/** Changes (or first sets) the password; the session is refreshed since `hasPassword` may change. */
export function useChangePassword(options: UseChangePasswordOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: changePassword,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await options.onSuccess?.(...args);
    },
  });
}
