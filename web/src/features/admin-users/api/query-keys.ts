/** Query keys of the admin users screens; mutations invalidate `all`. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  list: () => [...adminUsersKeys.all, 'list'] as const,
  detail: (id: string) => [...adminUsersKeys.all, 'detail', id] as const,
};
