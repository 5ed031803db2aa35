import { type AdminUser, type AdminUserInput } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-keys';
import { adminUsersKeys } from './query-keys';

export interface UpdateAdminUserVariables {
  id: string;
  input: AdminUserInput;
}

/** PUT /api/admin/users/:id — 200 with the updated admin user; 404 | 409. */
export function updateAdminUser({ id, input }: UpdateAdminUserVariables): Promise<AdminUser> {
  const { userEmail, userRole } = input;
  return api.put<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, {
    userEmail,
    userRole,
  });
}

export type UseUpdateAdminUserOptions = Omit<
  UseMutationOptions<AdminUser, Error, UpdateAdminUserVariables>,
  'mutationFn'
>;

export function useUpdateAdminUser(options: UseUpdateAdminUserOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateAdminUser,
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
