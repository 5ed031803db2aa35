import { type TwoFactorCodeInput, twoFactorCodeSchema } from '@contracts/identity';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { useServerForm } from '../../../components/ui/use-server-form';
import { ApiError } from '../../../lib/api-client';
import './auth-form.css';

export interface CodeFormProps<TResult> {
  /** Sends the code: resolves once the server accepted it. */
  send: (code: string) => Promise<TResult>;
  submitLabel: string;
  loadingText: string;
  intro: string;
  /** Whether a recovery code may be typed instead (sign-in, turning it off). */
  recoveryCode?: boolean;
  onSuccess?: (result: TResult) => unknown;
}

/** One code field (an authenticator app's, or a recovery code), sent to the server. */
export function CodeForm<TResult>({
  send,
  submitLabel,
  loadingText,
  intro,
  recoveryCode = false,
  onSuccess,
}: CodeFormProps<TResult>) {
  const idPrefix = useId();
  const server = useServerForm<TwoFactorCodeInput, TwoFactorCodeInput, TResult>({
    schema: twoFactorCodeSchema,
    defaultValues: { code: '' },
    submit: ({ code }) => send(code),
    onSuccess: (result) => onSuccess?.(result),
    // A wrong code at sign-in is a 401: it belongs on the field.
    onServerError: (error, message, form) => {
      if (!(error instanceof ApiError && error.statusCode === 401)) return false;
      form.setError('code', { type: 'server', message }, { shouldFocus: true });
      return true;
    },
  });

  return (
    <form className="auth-form" onSubmit={server.onSubmit} noValidate>
      <p className="auth-form__intro">{intro}</p>
      {server.formError && <Alert tone="error">{server.formError}</Alert>}
      <TextField
        form={server.fields}
        name="code"
        id={`${idPrefix}-code`}
        label={recoveryCode ? 'Code (or a recovery code)' : 'Code'}
        autoComplete="one-time-code"
        inputMode={recoveryCode ? 'text' : 'numeric'}
      />
      <Button
        type="submit"
        size="lg"
        block
        isLoading={server.isSubmitting}
        loadingText={loadingText}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
