import { type RequestPasswordReset, requestPasswordResetSchema } from '@contracts/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, EmailInput } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import './auth-form.css';

type FormValues = { email: string };

const FIELD_NAMES: readonly FieldPath<FormValues>[] = ['email'];

/** Asks for a password reset link (POST /api/auth/password-reset); the answer never says whether the account exists. */
export function RequestResetForm() {
  const idPrefix = useId();
  const mutation = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, RequestPasswordReset>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setSentMessage(null);
    mutation.mutate(values, {
      onSuccess: (notice) => {
        setSentMessage(notice.message);
        toast.success(notice.message);
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
      <p className="auth-form__intro">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>

      {sentMessage && <Alert tone="success">{sentMessage}</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}

      <FormField id={`${idPrefix}-email`} label="Email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} aria-required="true" />}
      </FormField>

      <Button type="submit" size="lg" block isLoading={isSending} loadingText="Sending…">
        Send reset link
      </Button>

      <p className="auth-form__footer">
        Remembered it?{' '}
        <Link to="/login" className="auth-form__link">
          Back to login
        </Link>
      </p>
    </form>
  );
}
