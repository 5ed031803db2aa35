import { ADMIN_USER_MESSAGES, type AdminUserInput } from '@contracts/identity';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAddAdminUser } from '../api/add-admin-user';
import { AdminUserForm } from './admin-user-form';

const EMPTY_FORM = { userEmail: '', userRole: 'Admin' } as const;

/** Adds an e-mail to the admin users (POST /api/admin/users); the list refreshes itself. */
export function AddAdminUserForm() {
  const mutation = useAddAdminUser();

  const onSave = async (input: AdminUserInput) => {
    try {
      await mutation.mutateAsync(input);
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success(ADMIN_USER_MESSAGES.added);
  };

  return (
    <AdminUserForm
      defaultValues={EMPTY_FORM}
      submitLabel="Add User"
      loadingText="Adding…"
      isSending={mutation.isPending}
      onSave={onSave}
      resetOnSuccess
    />
  );
}
