import { type Credentials, type LoginResult, type Session } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isAccountQuery } from '../../../lib/query-keys';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/login — signs in (HttpOnly cookie) and resolves with the new session. 401 | 429. */
export function login(input: Credentials): Promise<LoginResult> {
  const { email, password } = input;
  return api.post<LoginResult>('/api/auth/login', { email, password });
}

export type UseLoginOptions = Omit<
  UseMutationOptions<LoginResult, Error, Credentials>,
  'mutationFn'
>;

/** Drops what was cached for the previous visitor's account and stores the new session. */
export function useStoreSignedInSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    queryClient.removeQueries({ predicate: isAccountQuery });
    queryClient.setQueryData(sessionQueryKey, session);
  };
}

/**
 * Signs in; on success stores the new session. An account with two-factor sign-in answers a
 * `twoFactorChallenge` instead (no session yet): the caller asks for the code.
 */
export function useLogin(options: UseLoginOptions = {}) {
  const storeSession = useStoreSignedInSession();
  return useMutation({
    ...options,
    // A 401 here is a wrong password, not an ended session.
    meta: { expectsUnauthorized: true },
    mutationFn: login,
    onSuccess: async (session, ...rest) => {
      if (!session.twoFactorChallenge) storeSession(session);
      await options.onSuccess?.(session, ...rest);
    },
  });
}
