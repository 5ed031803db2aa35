import { type AdminUser } from '@contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUsersKeys } from './query-keys';

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
