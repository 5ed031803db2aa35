import { ADMIN_USER_MESSAGES } from '@contracts/identity';
import { useAddAdminUser } from '../api/add-admin-user';
import { AdminUserForm } from './admin-user-form';

const EMPTY_FORM = { userEmail: '', userRole: 'Admin' } as const;

/** Adds an e-mail to the admin users (POST /api/admin/users); the list refreshes itself. */
export function AddAdminUserForm() {
  const mutation = useAddAdminUser();

  return (
    <AdminUserForm
      defaultValues={EMPTY_FORM}
      submitLabel="Add User"
      loadingText="Adding…"
      save={mutation.mutateAsync}
      successMessage={ADMIN_USER_MESSAGES.added}
      resetOnSuccess
    />
  );
}
