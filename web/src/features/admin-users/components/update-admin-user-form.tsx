import { ADMIN_USER_MESSAGES, type AdminUser, type AdminUserInput } from '@contracts/identity';
import { useNavigate } from 'react-router-dom';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { AdminUserForm } from './admin-user-form';

export interface UpdateAdminUserFormProps {
  user: AdminUser;
  /** Where to go once saved. */
  successPath?: string;
}

/** Changes an admin user’s e-mail or role (PUT /api/admin/users/:id), then goes back to the list. */
export function UpdateAdminUserForm({ user, successPath = '/add-user' }: UpdateAdminUserFormProps) {
  const navigate = useNavigate();
  const mutation = useUpdateAdminUser();

  return (
    <AdminUserForm
      defaultValues={{ userEmail: user.userEmail, userRole: user.userRole }}
      submitLabel="Update User"
      loadingText="Saving…"
      save={(input: AdminUserInput) => mutation.mutateAsync({ id: user.id, input })}
      successMessage={ADMIN_USER_MESSAGES.updated}
      onSaved={() => navigate(successPath)}
    />
  );
}
