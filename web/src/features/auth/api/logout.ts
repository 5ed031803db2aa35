import { type Session } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isAccountQuery } from '../../../lib/query-keys';
import { sessionQueryKey } from './get-session';

/** POST /api/auth/logout — 204, the session is ended on the server. */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}

export type UseLogoutOptions = Omit<UseMutationOptions<void, Error, void>, 'mutationFn'>;

export function useLogout(options: UseLogoutOptions = {}) {
  // A 401 means the session had already ended: the caller treats it as signed out.
  return useMutation({ ...options, meta: { expectsUnauthorized: true }, mutationFn: logout });
}

/**
 * Forgets everything cached for the signed-out visitor's account and marks the session signed out (keeping
 * whether Google sign-in is offered). Call it once the visitor has left the guarded pages, so the
 * guard does not send them to the login page on the way out.
 */
export function useForgetAccount() {
  const queryClient = useQueryClient();
  return () => {
    const previous = queryClient.getQueryData<Session>(sessionQueryKey);
    queryClient.removeQueries({ predicate: isAccountQuery });
    queryClient.setQueryData<Session>(sessionQueryKey, {
      account: null,
      googleSignIn: previous?.googleSignIn ?? false,
    });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
}
