import { acceptInvitationSchema, STAFF_AUTH_MESSAGES } from '@contracts/identity';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { PasswordField } from '../../../components/ui/password-field';
import { Button } from '../../../components/ui/button';
import { useServerForm } from '../../../components/ui/use-server-form';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import './auth-form.css';

type FormValues = { password: string };

/** Only the password is typed; the token comes from the e-mailed link. */
const passwordOnlySchema = acceptInvitationSchema.pick({ password: true });

/**
 * An invitee chooses their password with the token of the invitation link
 * (POST /api/auth/invitation/accept), is signed in and taken to their dashboard.
 */
export function AcceptInvitationForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const idPrefix = useId();
  const mutation = useAcceptInvitation();
  const [linkError, setLinkError] = useState<string | null>(
    acceptInvitationSchema.shape.token.safeParse(token).success
      ? null
      : STAFF_AUTH_MESSAGES.invitationInvalid,
  );
  const server = useServerForm<FormValues, FormValues, unknown>({
    schema: passwordOnlySchema,
    defaultValues: { password: '' },
    submit: ({ password }) => mutation.mutateAsync({ token, password }),
    onSuccess: () => navigate('/dashboard'),
    // A 400 without a password problem is about the link: expired, withdrawn or used.
    onServerError: (error, message) => {
      if (!(error instanceof ApiError && error.statusCode === 400)) return false;
      setLinkError(message);
      return true;
    },
  });

  if (linkError) return <Alert tone="error">{linkError}</Alert>;

  return (
    <form className="auth-form" onSubmit={server.onSubmit} noValidate>
      <p className="auth-form__intro">
        You are invited to the admin area. Choose the password for your account.
      </p>
      {server.formError && <Alert tone="error">{server.formError}</Alert>}
      <PasswordField
        form={server.fields}
        name="password"
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" block isLoading={server.isSubmitting} loadingText="Saving…">
        Set my password
      </Button>
    </form>
  );
}
