import { type Credentials, type CredentialsInput, credentialsSchema } from '@contracts/identity';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { useServerForm } from '../../../components/ui/use-server-form';
import { TwoFactorLoginStep } from './two-factor-login-step';
import { useLogin } from '../api/login';
import { GoogleSignInLink } from './google-sign-in';
import { CredentialsFields } from './credentials-fields';
import { withNext } from './redirect-target';
import './auth-form.css';

const EMPTY_FORM: CredentialsInput = { email: '', password: '' };

export interface LoginFormProps {
  /** Whether "Sign in with Google" is configured on the server. */
  googleSignIn: boolean;
  /** Where Google sign-in comes back to. */
  returnTo: string;
  /** The page the visitor was going to, which the Sign Up link carries on (checked). */
  next?: string;
  /** A sign-in waiting for its two-factor code (Google sign-in comes back with one). */
  twoFactorChallenge?: string | null;
}

/**
 * E-mail and password login (POST /api/auth/login). On success the session query holds the new
 * session, and the login page's guard moves the visitor on.
 */
export function LoginForm({ googleSignIn, returnTo, next, twoFactorChallenge }: LoginFormProps) {
  const [challenge, setChallenge] = useState(twoFactorChallenge ?? null);
  const mutation = useLogin({
    onSuccess: (result) => setChallenge(result.twoFactorChallenge ?? null),
  });
  const server = useServerForm<CredentialsInput, Credentials, unknown>({
    schema: credentialsSchema,
    defaultValues: EMPTY_FORM,
    submit: mutation.mutateAsync,
  });

  // The password was right: the account has two-factor sign-in, so the code comes next.
  if (challenge)
    return <TwoFactorLoginStep challenge={challenge} onRestart={() => setChallenge(null)} />;

  return (
    <div className="auth-form">
      <ServerFormElement className="auth-form" server={server} serverRendered>
        <CredentialsFields fields={server.fields} passwordAutoComplete="current-password" />

        <div className="auth-form__row">
          <Link to="/reset" className="auth-form__link">
            Forgot password
          </Link>
        </div>

        <Button
          type="submit"
          size="lg"
          block
          isLoading={server.isSubmitting}
          loadingText="Logging in…"
        >
          Login
        </Button>
      </ServerFormElement>

      {googleSignIn && (
        <>
          <p className="auth-form__divider">or</p>
          <GoogleSignInLink returnTo={returnTo} />
        </>
      )}

      <p className="auth-form__footer">
        New here?{' '}
        <Link to={withNext('/register', next)} className="auth-form__link">
          Sign Up
        </Link>
      </p>
    </div>
  );
}
