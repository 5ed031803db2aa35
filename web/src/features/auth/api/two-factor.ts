import {
  type Notice,
  type RecoveryCodes,
  type Session,
  type TwoFactorCodeInput,
  type TwoFactorLogin,
  type TwoFactorSetup,
} from '@contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-keys';
import { useStoreSignedInSession } from './login';

/** POST /api/auth/login/two-factor — the code step of a sign-in: 200 with the session | 401 | 429. */
export function completeTwoFactorLogin(input: TwoFactorLogin): Promise<Session> {
  return api.post<Session>('/api/auth/login/two-factor', {
    challenge: input.challenge,
    code: input.code,
  });
}

export function useTwoFactorLogin() {
  const storeSession = useStoreSignedInSession();
  return useMutation({
    // A 401 here is a wrong code (or an expired sign-in), not an ended session.
    meta: { expectsUnauthorized: true },
    mutationFn: completeTwoFactorLogin,
    onSuccess: (session) => storeSession(session),
  });
}

/** The session says whether two-factor sign-in is on (and whether the admin area waits for it). */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** POST /api/account/two-factor/setup — a new secret, shown once. */
export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: () => api.post<TwoFactorSetup>('/api/account/two-factor/setup'),
  });
}

/** POST /api/account/two-factor/confirm — turns it on; resolves with the recovery codes. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: ({ code }: TwoFactorCodeInput) =>
      api.post<RecoveryCodes>('/api/account/two-factor/confirm', { code }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/account/two-factor/disable — turns it off with a code or a recovery code. */
export function useDisableTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: ({ code }: TwoFactorCodeInput) =>
      api.post<Notice>('/api/account/two-factor/disable', { code }),
    onSuccess: () => refresh(),
  });
}
