import {
  ADMIN_USER_MESSAGES,
  type AdminUserInput,
  type AdminUserInputValues,
  adminUserInputSchema,
  USER_ROLES,
  type UserRole,
} from '@contracts/identity';
import { type ReactNode, useId } from 'react';
import { type z } from 'zod';
import { EmailField, type FieldBinding } from '../../../components/ui/bound-field';
import { FormField } from '../../../components/ui/form-field';
import { Button } from '../../../components/ui/button';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { type ServerForm, useServerForm } from '../../../components/ui/use-server-form';
import { ApiError } from '../../../lib/api-client';
import './admin-users.css';

export interface AdminUserFormProps<
  TInput extends AdminUserInputValues = AdminUserInputValues,
  TOutput extends AdminUserInput = AdminUserInput,
> {
  defaultValues: TInput;
  /** The shared schema of the request (the add form's has the account set-up too). */
  schema?: z.ZodType<TOutput, TInput>;
  /** Fields after the e-mail (the add form's account set-up). */
  extraFields?: (server: ServerForm<TInput, TOutput>, idPrefix: string) => ReactNode;
  submitLabel: string;
  loadingText: string;
  /** Saves the values (a mutation's `mutateAsync`): resolves once the server accepted them. */
  save: (input: TOutput) => Promise<unknown>;
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
export function AdminUserForm<
  TInput extends AdminUserInputValues = AdminUserInputValues,
  TOutput extends AdminUserInput = AdminUserInput,
>({
  defaultValues,
  schema,
  extraFields,
  submitLabel,
  loadingText,
  save,
  successMessage,
  onSaved,
  resetOnSuccess = false,
}: AdminUserFormProps<TInput, TOutput>) {
  const idPrefix = useId();
  const server = useServerForm<TInput, TOutput, unknown>({
    schema: schema ?? (adminUserInputSchema as unknown as z.ZodType<TOutput, TInput>),
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
      form.setError(
        field as Parameters<typeof form.setError>[0],
        { type: 'server', message },
        { shouldFocus: true },
      );
      return true;
    },
  });
  const {
    form: {
      register,
      formState: { errors },
    },
  } = server;
  const roleError = (errors as { userRole?: { message?: string } }).userRole?.message;
  // The e-mail field is in every variant of the form.
  const fields = server.fields as unknown as FieldBinding<'userEmail'>;

  return (
    <ServerFormElement className="admin-user-form" server={server}>
      <EmailField
        form={fields}
        name="userEmail"
        id={`${idPrefix}-email`}
        label="User Email"
        autoComplete="off"
      />
      <FormField id={`${idPrefix}-role`} label="User Role" error={roleError}>
        {(control) => (
          <select
            {...control}
            {...register('userRole' as Parameters<typeof register>[0])}
            className="input"
          >
            {USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {extraFields?.(server, idPrefix)}

      <div>
        <Button type="submit" isLoading={server.isSubmitting} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </ServerFormElement>
  );
}
