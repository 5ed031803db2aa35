import {
  type AdminUserInput,
  type AdminUserInputValues,
  adminUserInputSchema,
} from '@contracts/identity';
import { type ReactNode, useId } from 'react';
import { type z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { EmailField, type FieldBinding } from '../../../components/ui/bound-field';
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

/** The admin user fields: "User Email" and the hidden "userRole" (always Admin for now). */
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
      form.setError(
        'userEmail' as Parameters<typeof form.setError>[0],
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
      {roleError && <Alert tone="error">{roleError}</Alert>}

      <EmailField
        form={fields}
        name="userEmail"
        id={`${idPrefix}-email`}
        label="User Email"
        autoComplete="off"
      />
      <input type="hidden" {...register('userRole' as Parameters<typeof register>[0])} />
      {extraFields?.(server, idPrefix)}

      <div>
        <Button type="submit" isLoading={server.isSubmitting} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </ServerFormElement>
  );
}
