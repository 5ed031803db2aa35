import { type Notice, type Registration } from '@contracts/identity';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/register — 202 with the same notice whether or not the e-mail was known.
 * Does not sign in: the account is used after its e-mail is verified. `next` (where the visitor was
 * going) comes back in the verification e-mail's link.
 */
export function register(input: Registration): Promise<Notice> {
  const { email, password, next } = input;
  return api.post<Notice>('/api/auth/register', { email, password, next });
}

export type UseRegisterOptions = Omit<
  UseMutationOptions<Notice, Error, Registration>,
  'mutationFn'
>;

export function useRegister(options: UseRegisterOptions = {}) {
  return useMutation({ ...options, mutationFn: register });
}
