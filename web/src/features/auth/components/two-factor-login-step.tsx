import { useTwoFactorLogin } from '../api/two-factor';
import { CodeForm } from './two-factor-code-form';

/**
 * The second step of a sign-in with two-factor sign-in on: the code (POST /api/auth/login/two-factor).
 * On success the session query holds the new session, and the login page's guard moves the visitor on.
 */
export function TwoFactorLoginStep({
  challenge,
  onRestart,
}: {
  challenge: string;
  onRestart: () => void;
}) {
  const mutation = useTwoFactorLogin();
  return (
    <div className="auth-form">
      <CodeForm
        send={(code) => mutation.mutateAsync({ challenge, code })}
        intro="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
        submitLabel="Verify"
        loadingText="Checking…"
        recoveryCode
      />
      <p className="auth-form__footer">
        <button type="button" className="auth-form__link" onClick={onRestart}>
          Start again
        </button>
      </p>
    </div>
  );
}
