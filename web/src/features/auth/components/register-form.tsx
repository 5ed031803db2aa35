import {
  type Credentials,
  type CredentialsInput,
  credentialsSchema,
  type Notice,
} from '@contracts/identity';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { useServerForm } from '../../../components/ui/use-server-form';
import { useRegister } from '../api/register';
import { CredentialsFields } from './credentials-fields';
import './auth-form.css';

const EMPTY_FORM: CredentialsInput = { email: '', password: '' };

/**
 * Creates an account (POST /api/auth/register). The visitor is not signed in: they verify their
 * e-mail from the link they receive, then log in.
 */
export function RegisterForm({ successPath = '/' }: { successPath?: string }) {
  const navigate = useNavigate();
  const mutation = useRegister();
  const server = useServerForm<CredentialsInput, Credentials, Notice>({
    schema: credentialsSchema,
    defaultValues: EMPTY_FORM,
    submit: mutation.mutateAsync,
    successMessage: (notice) => notice.message,
    resetOnSuccess: true,
    onSuccess: () => navigate(successPath),
  });

  return (
    <ServerFormElement className="auth-form" server={server} serverRendered>
      <CredentialsFields fields={server.fields} passwordAutoComplete="new-password" />

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
