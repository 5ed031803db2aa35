import { AUTH_MESSAGES, type ResetPassword, resetPasswordSchema } from '@contracts/identity';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import './auth-form.css';

type FormValues = { password: string };

const FIELD_NAMES: readonly FieldPath<FormValues>[] = ['password'];

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
  const [formError, setFormError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(passwordOnlySchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null);
    const input: ResetPassword = { token, password };
    mutation.mutate(input, {
      onSuccess: async (notice) => {
        toast.success(notice.message);
        await navigate('/login');
      },
      onError: (error) => {
        const message = errorMessage(error);
        toast.error(message);
        if (applyServerFieldErrors(error, FIELD_NAMES, setError)) return;
        // A 400 without a password problem is about the link: it cannot be used again.
        if (error instanceof ApiError && error.statusCode === 400) {
          setLinkError(message);
        } else {
          setFormError(message);
        }
      },
    });
  });

  if (!looksLikeToken(token)) {
    return <InvalidLink message={AUTH_MESSAGES.invalidLink} />;
  }
  if (linkError) return <InvalidLink message={linkError} />;

  const isSending = mutation.isPending;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={isSending || undefined}>
      <p className="auth-form__intro">Choose the new password for your account.</p>

      {formError && <Alert tone="error">{formError}</Alert>}

      <FormField id={`${idPrefix}-password`} label="New password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('password')}
            type="password"
            autoComplete="new-password"
            aria-required="true"
          />
        )}
      </FormField>

      <Button type="submit" size="lg" block isLoading={isSending} loadingText="Saving…">
        Set new password
      </Button>
    </form>
  );
}
