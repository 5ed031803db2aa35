import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-keys';
import { adminUsersKeys } from './query-keys';

/** DELETE /api/admin/users/:id — 204; 409 for the last admin or yourself, 404 when already gone. */
export function removeAdminUser(id: string): Promise<void> {
  return api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}

export type UseRemoveAdminUserOptions = Omit<UseMutationOptions<void, Error, string>, 'mutationFn'>;

export function useRemoveAdminUser(options: UseRemoveAdminUserOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeAdminUser,
    // Also after a failure: a 404 means the list shown is out of date.
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.all }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]);
      await options.onSettled?.(...args);
    },
  });
}
