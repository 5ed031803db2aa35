import { ADMIN_USER_MESSAGES, type AdminUser, type AdminUserInput } from '@contracts/identity';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { AdminUserForm } from './admin-user-form';

export interface UpdateAdminUserFormProps {
  user: AdminUser;
  /** Where to go once saved. */
  successPath?: string;
}

/** Changes an admin user's e-mail (PUT /api/admin/users/:id), then goes back to the list. */
export function UpdateAdminUserForm({ user, successPath = '/add-user' }: UpdateAdminUserFormProps) {
  const navigate = useNavigate();
  const mutation = useUpdateAdminUser();

  const onSave = async (input: AdminUserInput) => {
    try {
      await mutation.mutateAsync({ id: user.id, input });
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success(ADMIN_USER_MESSAGES.updated);
    await navigate(successPath);
  };

  return (
    <AdminUserForm
      defaultValues={{ userEmail: user.userEmail, userRole: user.userRole }}
      submitLabel="Update User"
      loadingText="Saving…"
      isSending={mutation.isPending}
      onSave={onSave}
    />
  );
}
