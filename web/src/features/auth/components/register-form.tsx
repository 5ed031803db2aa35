import {
  type Credentials,
  type CredentialsInput,
  credentialsSchema,
  type Notice,
} from '@contracts/identity';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormControls } from '../../../components/ui/form-controls';
import { FormField, EmailInput } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { useServerForm } from '../../../components/ui/use-server-form';
import { useRegister } from '../api/register';
import './auth-form.css';

const EMPTY_FORM: CredentialsInput = { email: '', password: '' };

/**
 * Creates an account (POST /api/auth/register). The visitor is not signed in: they verify their
 * e-mail from the link they receive, then log in.
 */
export function RegisterForm({ successPath = '/' }: { successPath?: string }) {
  const navigate = useNavigate();
  const idPrefix = useId();
  const mutation = useRegister();
  const {
    form: {
      register,
      formState: { errors },
    },
    onSubmit,
    formError,
    isSubmitting: isSending,
  } = useServerForm<CredentialsInput, Credentials, Notice>({
    schema: credentialsSchema,
    defaultValues: EMPTY_FORM,
    submit: mutation.mutateAsync,
    successMessage: (notice) => notice.message,
    resetOnSuccess: true,
    onSuccess: () => navigate(successPath),
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
      <FormControls>
        {formError && <Alert tone="error">{formError}</Alert>}

        <FormField id={`${idPrefix}-email`} label="Email" error={errors.email?.message}>
          {(control) => <EmailInput {...control} {...register('email')} aria-required="true" />}
        </FormField>

        <FormField id={`${idPrefix}-password`} label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput
              {...control}
              {...register('password')}
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
      </FormControls>
    </form>
  );
}
