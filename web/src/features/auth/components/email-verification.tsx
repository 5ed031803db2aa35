import { AUTH_MESSAGES, verifyEmailSchema } from '@contracts/identity';
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { LinkButton } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../api/get-session';
import { useVerifyEmail } from '../api/verify-email';
import { withNext } from './redirect-target';
import './auth-form.css';

function looksLikeToken(token: string): boolean {
  return verifyEmailSchema.shape.token.safeParse(token).success;
}

/**
 * Confirms the e-mail address with the token of a verification link
 * (POST /api/auth/email-verification/confirm), once per page visit. `next` (checked) is where the
 * visitor was going when they registered: a signed-in visitor goes straight there once verified, a
 * signed-out one is sent to log in with it.
 */
export function EmailVerification({ token, next }: { token: string; next?: string }) {
  const session = useSession();
  const { mutate, data, error, isSuccess, isError } = useVerifyEmail();
  const valid = looksLikeToken(token);
  // The token is single use: never post it twice (React StrictMode runs effects twice).
  const sent = useRef(false);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token, valid]);

  const signedIn = Boolean(session.data?.account);
  const onward = signedIn ? (
    next ? (
      <LinkButton to={next}>Continue</LinkButton>
    ) : (
      <LinkButton to="/dashboard">Go to your dashboard</LinkButton>
    )
  ) : (
    <LinkButton to={withNext('/login', next)}>Go to the login page</LinkButton>
  );

  if (!valid || isError) {
    return (
      <div className="auth-form">
        <Alert tone="error">{valid ? errorMessage(error) : AUTH_MESSAGES.invalidLink}</Alert>
        <p className="auth-form__intro">
          {signedIn
            ? 'You can ask for a new verification e-mail from your dashboard.'
            : 'Log in to ask for a new verification e-mail.'}
        </p>
        <div>{onward}</div>
      </div>
    );
  }

  if (isSuccess) {
    if (signedIn && next) return <Navigate to={next} replace />;
    return (
      <div className="auth-form">
        <Alert tone="success">{data.message}</Alert>
        <div>{onward}</div>
      </div>
    );
  }

  return <PageLoading label="Verifying your e-mail…" />;
}
