import { type AdminUser } from '@contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUsersKeys } from './query-keys';

/** GET /api/admin/users — every admin user, with whether their account exists and is verified. */
export function getAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return api.get<AdminUser[]>('/api/admin/users', { signal });
}

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: adminUsersKeys.list(),
    queryFn: ({ signal }) => getAdminUsers(signal),
  });

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
