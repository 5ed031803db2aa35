import { type Credentials, type Session } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/login — signs in (HttpOnly cookie) and resolves with the new session. 401 | 429. */
export function login(input: Credentials): Promise<Session> {
  const { email, password } = input;
  return api.post<Session>('/api/auth/login', { email, password });
}

export type UseLoginOptions = Omit<UseMutationOptions<Session, Error, Credentials>, 'mutationFn'>;

/** Signs in; on success drops what was cached for the previous visitor and stores the new session. */
export function useLogin(options: UseLoginOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    // A 401 here is a wrong password, not an ended session.
    meta: { expectsUnauthorized: true },
    mutationFn: login,
    onSuccess: async (session, ...rest) => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
      });
      queryClient.setQueryData(sessionQueryKey, session);
      await options.onSuccess?.(session, ...rest);
    },
  });
}
