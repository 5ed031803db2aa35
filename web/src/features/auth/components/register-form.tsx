import {
  type Credentials,
  type CredentialsInput,
  credentialsSchema,
  type Notice,
} from '@contracts/identity';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { EmailField, PasswordField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormControls } from '../../../components/ui/form-controls';
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
    fields,
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

        <EmailField form={fields} name="email" id={`${idPrefix}-email`} label="Email" />

        <PasswordField
          form={fields}
          name="password"
          id={`${idPrefix}-password`}
          label="Password"
          autoComplete="new-password"
        />

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
