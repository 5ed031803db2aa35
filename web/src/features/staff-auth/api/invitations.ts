import { type AcceptInvitation, type AdminUser } from '@contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useStoreSignedInSession } from '../../auth/api/login';
import { adminUsersKeys } from '../../admin-users/api/query-keys';
import type { Session } from '@contracts/identity';

/** POST /api/auth/invitation/accept — sets the invitee's password and signs them in. 400: bad link. */
export function useAcceptInvitation() {
  const storeSession = useStoreSignedInSession();
  return useMutation({
    mutationFn: ({ token, password }: AcceptInvitation) =>
      api.post<Session>('/api/auth/invitation/accept', { token, password }),
    onSuccess: (session) => storeSession(session),
  });
}

/** Re-sends (POST) or withdraws (DELETE) an admin user's invitation: the user as it now is. */
export function useInvitationAction(id: string, action: 'resend' | 'revoke') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      action === 'resend'
        ? api.post<AdminUser>(`/api/admin/users/${id}/invitation`)
        : api.delete<AdminUser>(`/api/admin/users/${id}/invitation`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
  });
}
