import {
  type Notice,
  type RequestPasswordReset,
  requestPasswordResetSchema,
} from '@contracts/identity';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { EmailField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { useServerForm } from '../../../components/ui/use-server-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import './auth-form.css';

type FormValues = { email: string };

/** Asks for a password reset link (POST /api/auth/password-reset); the answer never says whether the account exists. */
export function RequestResetForm() {
  const idPrefix = useId();
  const mutation = useRequestPasswordReset();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    fields,
    onSubmit,
    formError,
    isSubmitting: isSending,
  } = useServerForm<FormValues, RequestPasswordReset, Notice>({
    schema: requestPasswordResetSchema,
    defaultValues: { email: '' },
    submit: (values) => {
      setSentMessage(null);
      return mutation.mutateAsync(values);
    },
    successMessage: (notice) => notice.message,
    onSuccess: (notice) => setSentMessage(notice.message),
  });

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
      <p className="auth-form__intro">
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>

      {sentMessage && <Alert tone="success">{sentMessage}</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}

      <EmailField form={fields} name="email" id={`${idPrefix}-email`} label="Email" />

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
