import { type AcceptInvitation, type Session } from '@contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSignedInSession } from './login';

/** POST /api/auth/invitation/accept — sets the invitee's password and signs them in. 400: bad link. */
export function useAcceptInvitation() {
  const storeSession = useStoreSignedInSession();
  return useMutation({
    mutationFn: ({ token, password }: AcceptInvitation) =>
      api.post<Session>('/api/auth/invitation/accept', { token, password }),
    onSuccess: (session) => storeSession(session),
  });
}
