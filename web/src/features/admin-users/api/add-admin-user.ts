import { type AdminUser, type AdminUserInput } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-keys';
import { adminUsersKeys } from './query-keys';

/** POST /api/admin/users — 201 with the new admin user, 409 when the e-mail is already listed. */
export function addAdminUser(input: AdminUserInput): Promise<AdminUser> {
  const { userEmail, userRole } = input;
  return api.post<AdminUser>('/api/admin/users', { userEmail, userRole });
}

export type UseAddAdminUserOptions = Omit<
  UseMutationOptions<AdminUser, Error, AdminUserInput>,
  'mutationFn'
>;

export function useAddAdminUser(options: UseAddAdminUserOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: addAdminUser,
    onSuccess: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
        // The list decides who is an admin, the signed-in account included.
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]);
      await options.onSuccess?.(...args);
    },
  });
}
