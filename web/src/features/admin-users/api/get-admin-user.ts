import { type AdminUser } from '@contracts/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminUsersKeys } from './query-keys';

/** GET /api/admin/users/:id — one admin user, or 404. */
export function getAdminUser(id: string, signal?: AbortSignal): Promise<AdminUser> {
  return api.get<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { signal });
}

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminUsersKeys.detail(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
  });

export function useAdminUser(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminUserQueryOptions(id), enabled });
}
