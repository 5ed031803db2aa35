import { AUTH_MESSAGES, type Notice, resetPasswordSchema } from '@contracts/identity';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { PasswordField } from '../../../components/ui/password-field';
import { Button } from '../../../components/ui/button';
import { useServerForm } from '../../../components/ui/use-server-form';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import './auth-form.css';

type FormValues = { password: string };

/** Only the password is typed; the token comes from the e-mailed link. */
const passwordOnlySchema = resetPasswordSchema.pick({ password: true });

/** Whether a token from the link has the shape of one (checked again by the server). */
function looksLikeToken(token: string): boolean {
  return resetPasswordSchema.shape.token.safeParse(token).success;
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Alert tone="error">
      <p>{message}</p>
      <p>
        <Link to="/reset" className="auth-form__link">
          Ask for a new link
        </Link>
      </p>
    </Alert>
  );
}

/** Chooses a new password with the token of a reset link (POST /api/auth/password-reset/confirm). */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const idPrefix = useId();
  const mutation = useResetPassword();
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    fields,
    onSubmit,
    formError,
    isSubmitting: isSending,
  } = useServerForm<FormValues, FormValues, Notice>({
    schema: passwordOnlySchema,
    defaultValues: { password: '' },
    submit: ({ password }) => mutation.mutateAsync({ token, password }),
    successMessage: (notice) => notice.message,
    onSuccess: () => navigate('/login'),
    // A 400 without a password problem is about the link: it cannot be used again.
    onServerError: (error, message) => {
      if (!(error instanceof ApiError && error.statusCode === 400)) return false;
      setLinkError(message);
      return true;
    },
  });

  if (!looksLikeToken(token)) {
    return <InvalidLink message={AUTH_MESSAGES.invalidLink} />;
  }
  if (linkError) return <InvalidLink message={linkError} />;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
      <p className="auth-form__intro">Choose the new password for your account.</p>

      {formError && <Alert tone="error">{formError}</Alert>}

      <PasswordField
        form={fields}
        name="password"
        id={`${idPrefix}-password`}
        label="New password"
        autoComplete="new-password"
      />

      <Button type="submit" size="lg" block isLoading={isSending} loadingText="Saving…">
        Set new password
      </Button>
    </form>
  );
}
