import { type Credentials, type CredentialsInput, credentialsSchema } from '@contracts/identity';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { EmailField, PasswordField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormControls } from '../../../components/ui/form-controls';
import { useServerForm } from '../../../components/ui/use-server-form';
import { useLogin } from '../api/login';
import { GoogleSignInLink } from './google-sign-in';
import './auth-form.css';

const EMPTY_FORM: CredentialsInput = { email: '', password: '' };

export interface LoginFormProps {
  /** Whether "Sign in with Google" is configured on the server. */
  googleSignIn: boolean;
  /** Where Google sign-in comes back to. */
  returnTo: string;
}

/**
 * E-mail and password login (POST /api/auth/login). On success the session query holds the new
 * session, and the login page's guard moves the visitor on.
 */
export function LoginForm({ googleSignIn, returnTo }: LoginFormProps) {
  const idPrefix = useId();
  const mutation = useLogin();
  const {
    fields,
    onSubmit,
    formError,
    isSubmitting: isSending,
  } = useServerForm<CredentialsInput, Credentials, unknown>({
    schema: credentialsSchema,
    defaultValues: EMPTY_FORM,
    submit: mutation.mutateAsync,
  });

  return (
    <div className="auth-form">
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
        <FormControls>
          {formError && <Alert tone="error">{formError}</Alert>}

          <EmailField form={fields} name="email" id={`${idPrefix}-email`} label="Email" />

          <PasswordField
            form={fields}
            name="password"
            id={`${idPrefix}-password`}
            label="Password"
            autoComplete="current-password"
          />

          <div className="auth-form__row">
            <Link to="/reset" className="auth-form__link">
              Forgot password
            </Link>
          </div>

          <Button type="submit" size="lg" block isLoading={isSending} loadingText="Logging in…">
            Login
          </Button>
        </FormControls>
      </form>

      {googleSignIn && (
        <>
          <p className="auth-form__divider">or</p>
          <GoogleSignInLink returnTo={returnTo} />
        </>
      )}

      <p className="auth-form__footer">
        New here?{' '}
        <Link to="/register" className="auth-form__link">
          Sign Up
        </Link>
      </p>
    </div>
  );
}
