import {
  type ChangePassword,
  type ChangePasswordInput,
  changePasswordSchema,
  type Notice,
} from '@contracts/identity';
import { useId } from 'react';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { PasswordField } from '../../../components/ui/password-field';
import { Button } from '../../../components/ui/button';
import { useServerForm } from '../../../components/ui/use-server-form';
import { useChangePassword } from '../api/change-password';
import './auth-form.css';

const EMPTY_FORM: ChangePasswordInput = { currentPassword: '', newPassword: '' };

/** An account with a password must confirm it; a Google-only account sets its first one. */
const withCurrentPasswordSchema = changePasswordSchema.extend({
  currentPassword: z
    .string({ error: 'Current password is Required' })
    .min(1, { error: 'Current password is Required' })
    .max(128, { error: 'Maximum 128 Characters' }),
});

/** Changes the signed-in account's password (PUT /api/account/password). */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const idPrefix = useId();
  const mutation = useChangePassword();
  const {
    fields,
    onSubmit,
    formError,
    isSubmitting: isSending,
  } = useServerForm<ChangePasswordInput, ChangePassword, Notice>({
    schema: hasPassword ? withCurrentPasswordSchema : changePasswordSchema,
    defaultValues: EMPTY_FORM,
    submit: (values) =>
      mutation.mutateAsync(hasPassword ? values : { newPassword: values.newPassword }),
    successMessage: (notice) => notice.message,
    resetOnSuccess: true,
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
      {!hasPassword && (
        <p className="auth-form__intro">
          You sign in with Google. Choose a password to also log in with your e-mail address.
        </p>
      )}

      {formError && <Alert tone="error">{formError}</Alert>}

      {hasPassword && (
        <PasswordField
          form={fields}
          name="currentPassword"
          id={`${idPrefix}-current`}
          label="Current password"
          autoComplete="current-password"
        />
      )}

      <PasswordField
        form={fields}
        name="newPassword"
        id={`${idPrefix}-new`}
        label="New password"
        autoComplete="new-password"
      />

      <div>
        <Button type="submit" isLoading={isSending} loadingText="Saving…">
          Change password
        </Button>
      </div>
    </form>
  );
}
