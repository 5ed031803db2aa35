import {
  ADMIN_USER_MESSAGES,
  type AdminUserInput,
  type AdminUserInputValues,
  adminUserInputSchema,
  USER_ROLES,
  type UserRole,
} from '@contracts/identity';
import { useId } from 'react';
import { EmailField } from '../../../components/ui/bound-field';
import { FormField } from '../../../components/ui/form-field';
import { Button } from '../../../components/ui/button';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { useServerForm } from '../../../components/ui/use-server-form';
import { ApiError } from '../../../lib/api-client';
import './admin-users.css';

export interface AdminUserFormProps {
  defaultValues: AdminUserInputValues;
  submitLabel: string;
  loadingText: string;
  /** Saves the values (a mutation's `mutateAsync`): resolves once the server accepted them. */
  save: (input: AdminUserInput) => Promise<unknown>;
  /** The toast once saved (the spec's text). */
  successMessage: string;
  onSaved?: () => unknown;
  /** Empty the form after a save (the add form). */
  resetOnSuccess?: boolean;
}

/** What each staff role may do, as the role select tells it. */
const ROLE_LABELS: Record<UserRole, string> = {
  Admin: 'Admin: everything',
  Editor: 'Editor: content, SEO, media, newsletter drafts',
  Support: 'Support: orders (reading), inbox, order threads',
};

/** The admin user fields: "User Email" and "User Role" (Admin, Editor or Support). */
export function AdminUserForm({
  defaultValues,
  submitLabel,
  loadingText,
  save,
  successMessage,
  onSaved,
  resetOnSuccess = false,
}: AdminUserFormProps) {
  const idPrefix = useId();
  const server = useServerForm<AdminUserInputValues, AdminUserInput, unknown>({
    schema: adminUserInputSchema,
    defaultValues,
    submit: save,
    successMessage,
    resetOnSuccess,
    onSuccess: onSaved,
    // A conflict is about the e-mail: it is already listed.
    onServerError: (error, message, form) => {
      if (!(error instanceof ApiError && error.statusCode === 409)) return false;
      // The last admin's role, or your own, is the role's conflict; any other is the e-mail's.
      const field = message === ADMIN_USER_MESSAGES.lastAdminRole ? 'userRole' : 'userEmail';
      form.setError(field, { type: 'server', message }, { shouldFocus: true });
      return true;
    },
  });
  const {
    form: {
      register,
      formState: { errors },
    },
    fields,
  } = server;

  return (
    <ServerFormElement className="admin-user-form" server={server}>
      <EmailField
        form={fields}
        name="userEmail"
        id={`${idPrefix}-email`}
        label="User Email"
        autoComplete="off"
      />
      <FormField id={`${idPrefix}-role`} label="User Role" error={errors.userRole?.message}>
        {(control) => (
          <select {...control} {...register('userRole')} className="input">
            {USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <div>
        <Button type="submit" isLoading={server.isSubmitting} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </ServerFormElement>
  );
}
