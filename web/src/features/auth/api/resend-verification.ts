import { type Notice } from '@contracts/identity';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/account/email-verification — 202, a new verification e-mail to the signed-in account. */
export function resendVerification(): Promise<Notice> {
  return api.post<Notice>('/api/account/email-verification');
}

export type UseResendVerificationOptions = Omit<
  UseMutationOptions<Notice, Error, void>,
  'mutationFn'
>;

export function useResendVerification(options: UseResendVerificationOptions = {}) {
  return useMutation({ ...options, mutationFn: resendVerification });
}
