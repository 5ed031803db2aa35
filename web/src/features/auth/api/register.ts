import { type Credentials, type Notice } from '@contracts/identity';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/register — 202 with the same notice whether or not the e-mail was known.
 * Does not sign in: the account is used after its e-mail is verified.
 */
export function register(input: Credentials): Promise<Notice> {
  const { email, password } = input;
  return api.post<Notice>('/api/auth/register', { email, password });
}

export type UseRegisterOptions = Omit<UseMutationOptions<Notice, Error, Credentials>, 'mutationFn'>;

export function useRegister(options: UseRegisterOptions = {}) {
  return useMutation({ ...options, mutationFn: register });
}
