import { type Credentials, type CredentialsInput, credentialsSchema } from '@contracts/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, EmailInput, Input } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useRegister } from '../api/register';
import './auth-form.css';

const FIELD_NAMES: readonly FieldPath<CredentialsInput>[] = ['email', 'password'];

const EMPTY_FORM: CredentialsInput = { email: '', password: '' };

/**
 * Creates an account (POST /api/auth/register). The visitor is not signed in: they verify their
 * e-mail from the link they receive, then log in.
 */
export function RegisterForm({ successPath = '/' }: { successPath?: string }) {
  const navigate = useNavigate();
  const idPrefix = useId();
  const mutation = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CredentialsInput, unknown, Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values, {
      onSuccess: async (notice) => {
        toast.success(notice.message);
        reset(EMPTY_FORM);
        await navigate(successPath);
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
      {formError && <Alert tone="error">{formError}</Alert>}

      <FormField id={`${idPrefix}-email`} label="Email" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} aria-required="true" />}
      </FormField>

      <FormField id={`${idPrefix}-password`} label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('password')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
          />
        )}
      </FormField>

      <Button type="submit" size="lg" block isLoading={isSending} loadingText="Registering…">
        Register
      </Button>

      <p className="auth-form__footer">
        Already have an account?{' '}
        <Link to="/login" className="auth-form__link">
          Login
        </Link>
      </p>
    </form>
  );
}
