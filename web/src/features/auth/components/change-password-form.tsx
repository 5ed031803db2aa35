import {
  type ChangePassword,
  type ChangePasswordInput,
  changePasswordSchema,
} from '@contracts/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';
import './auth-form.css';

const FIELD_NAMES: readonly FieldPath<ChangePasswordInput>[] = ['currentPassword', 'newPassword'];

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
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => (hasPassword ? withCurrentPasswordSchema : changePasswordSchema),
    [hasPassword],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordInput, unknown, ChangePassword>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const input: ChangePassword = hasPassword ? values : { newPassword: values.newPassword };
    mutation.mutate(input, {
      onSuccess: (notice) => {
        toast.success(notice.message);
        reset(EMPTY_FORM);
      },
      onError: (error) => {
        const message = errorMessage(error);
        toast.error(message);
        if (!applyServerFieldErrors(error, FIELD_NAMES, setError)) setFormError(message);
      },
    });
  });

  const isSending = mutation.isPending;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
      {!hasPassword && (
        <p className="auth-form__intro">
          You sign in with Google. Choose a password to also log in with your e-mail address.
        </p>
      )}

      {formError && <Alert tone="error">{formError}</Alert>}

      {hasPassword && (
        <FormField
          id={`${idPrefix}-current`}
          label="Current password"
          error={errors.currentPassword?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register('currentPassword')}
              type="password"
              autoComplete="current-password"
              aria-required="true"
            />
          )}
        </FormField>
      )}

      <FormField id={`${idPrefix}-new`} label="New password" error={errors.newPassword?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('newPassword')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
          />
        )}
      </FormField>

      <div>
        <Button type="submit" isLoading={isSending} loadingText="Saving…">
          Change password
        </Button>
      </div>
    </form>
  );
}
