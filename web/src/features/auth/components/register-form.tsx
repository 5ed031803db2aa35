import {
  type Credentials,
  type CredentialsInput,
  credentialsSchema,
  type Notice,
} from '@contracts/identity';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EmailField, PasswordField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { ServerFormElement } from '../../../components/ui/server-form-element';
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
  const server = useServerForm<CredentialsInput, Credentials, Notice>({
    schema: credentialsSchema,
    defaultValues: EMPTY_FORM,
    submit: mutation.mutateAsync,
    successMessage: (notice) => notice.message,
    resetOnSuccess: true,
    onSuccess: () => navigate(successPath),
  });
  const { fields } = server;

  return (
    <ServerFormElement className="auth-form" server={server} serverRendered>
      <EmailField form={fields} name="email" id={`${idPrefix}-email`} label="Email" />

      <PasswordField
        form={fields}
        name="password"
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="new-password"
      />

      <Button
        type="submit"
        size="lg"
        block
        isLoading={server.isSubmitting}
        loadingText="Registering…"
      >
        Register
      </Button>

      <p className="auth-form__footer">
        Already have an account?{' '}
        <Link to="/login" className="auth-form__link">
          Login
        </Link>
      </p>
    </ServerFormElement>
  );
}
