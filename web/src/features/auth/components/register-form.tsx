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
import { withNext } from './redirect-target';
import './auth-form.css';

const EMPTY_FORM: CredentialsInput = { email: '', password: '' };

export interface RegisterFormProps {
  /** Where the visitor goes once the server took the registration (spec: /). */
  successPath?: string;
  /** The page the visitor was going to (checked): the verification e-mail's link carries it on. */
  next?: string;
}

/**
 * Creates an account (POST /api/auth/register). The visitor is not signed in: they verify their
 * e-mail from the link they receive, then log in, and land on `next` when there is one.
 */
export function RegisterForm({ successPath = '/', next }: RegisterFormProps) {
  const navigate = useNavigate();
  const mutation = useRegister();
  const server = useServerForm<CredentialsInput, Credentials, Notice>({
    schema: credentialsSchema,
    defaultValues: EMPTY_FORM,
    submit: (credentials) => mutation.mutateAsync({ ...credentials, next }),
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
        <Link to={withNext('/login', next)} className="auth-form__link">
          Login
        </Link>
      </p>
    </ServerFormElement>
  );
}
