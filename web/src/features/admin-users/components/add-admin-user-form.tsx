import {
  ADMIN_USER_MESSAGES,
  type AddAdminUserInput,
  type AddAdminUserInputValues,
  addAdminUserInputSchema,
} from '@contracts/identity';
import { PasswordField } from '../../../components/ui/password-field';
import { useAddAdminUser } from '../api/add-admin-user';
import { AdminUserForm } from './admin-user-form';

const EMPTY_FORM: AddAdminUserInputValues = {
  userEmail: '',
  userRole: 'Admin',
  accountSetup: 'invitation',
  password: '',
};

/**
 * Adds an e-mail to the admin users (POST /api/admin/users); the list refreshes itself. A new
 * account gets an e-mailed invitation to set its password (the default), or a password set now.
 */
export function AddAdminUserForm() {
  const mutation = useAddAdminUser();

  return (
    <AdminUserForm<AddAdminUserInputValues, AddAdminUserInput>
      schema={addAdminUserInputSchema}
      defaultValues={EMPTY_FORM}
      submitLabel="Add User"
      loadingText="Adding…"
      save={mutation.mutateAsync}
      successMessage={ADMIN_USER_MESSAGES.added}
      resetOnSuccess
      extraFields={(server, idPrefix) => {
        const setup = server.form.watch('accountSetup');
        return (
          <>
            <fieldset className="admin-user-form__setup">
              <legend>Account</legend>
              <label>
                <input type="radio" value="invitation" {...server.form.register('accountSetup')} />{' '}
                Send an invitation (they choose their password)
              </label>
              <label>
                <input type="radio" value="password" {...server.form.register('accountSetup')} />{' '}
                Set a password now
              </label>
            </fieldset>
            {setup === 'password' && (
              <PasswordField
                form={server.fields}
                name="password"
                id={`${idPrefix}-password`}
                label="Password"
                autoComplete="new-password"
              />
            )}
          </>
        );
      }}
    />
  );
}
