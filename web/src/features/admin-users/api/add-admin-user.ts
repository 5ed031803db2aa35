import { type AddAdminUserInput, type AdminUser } from '@contracts/identity';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-keys';
import { adminUsersKeys } from './query-keys';

/**
 * POST /api/admin/users — 201 with the new admin user, 409 when the e-mail is already listed. The
 * password goes only with "set a password now".
 */
export function addAdminUser(input: AddAdminUserInput): Promise<AdminUser> {
  const { userEmail, userRole, accountSetup, password } = input;
  return api.post<AdminUser>('/api/admin/users', {
    userEmail,
    userRole,
    accountSetup,
    ...(accountSetup === 'password' ? { password } : {}),
  });
}

export type UseAddAdminUserOptions = Omit<
  UseMutationOptions<AdminUser, Error, AddAdminUserInput>,
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
