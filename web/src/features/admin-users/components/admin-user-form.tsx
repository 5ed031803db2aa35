import {
  type AdminUserInput,
  type AdminUserInputValues,
  adminUserInputSchema,
} from '@contracts/identity';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { EmailField } from '../../../components/ui/bound-field';
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

/** The admin user fields: "User Email" and the hidden "userRole" (always Admin for now). */
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
      form.setError('userEmail', { type: 'server', message }, { shouldFocus: true });
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
      {errors.userRole?.message && <Alert tone="error">{errors.userRole.message}</Alert>}

      <EmailField
        form={fields}
        name="userEmail"
        id={`${idPrefix}-email`}
        label="User Email"
        autoComplete="off"
      />
      <input type="hidden" {...register('userRole')} />

      <div>
        <Button type="submit" isLoading={server.isSubmitting} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </ServerFormElement>
  );
}
