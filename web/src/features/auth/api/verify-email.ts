import { type Notice, type VerifyEmail } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/email-verification/confirm — 200 with a notice, or 400 when the link is invalid. */
export function verifyEmail(input: VerifyEmail): Promise<Notice> {
  return api.post<Notice>('/api/auth/email-verification/confirm', { token: input.token });
}

export type UseVerifyEmailOptions = Omit<
  UseMutationOptions<Notice, Error, VerifyEmail>,
  'mutationFn'
>;

/** Verifies the e-mail; a signed-in account's session is refreshed (it may now be an admin). */
export function useVerifyEmail(options: UseVerifyEmailOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: verifyEmail,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await options.onSuccess?.(...args);
    },
  });
}
