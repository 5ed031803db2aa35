import { GOOGLE_SIGN_IN_ERRORS, type GoogleSignInError } from '@contracts/identity';

/** The message for `/login?error=<code>`; `undefined` without a code. */
export function googleSignInErrorMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  return Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, code)
    ? GOOGLE_SIGN_IN_ERRORS[code as GoogleSignInError]
    : GOOGLE_SIGN_IN_ERRORS.failed;
}

/**
 * "Sign in with Google": a plain link, since the sign-in leaves the site (full page navigation).
 * The server comes back to `returnTo`, or to `/login?error=<code>`.
 */
export function GoogleSignInLink({ returnTo }: { returnTo: string }) {
  const href = `/api/auth/google?${new URLSearchParams({ returnTo }).toString()}`;
  return (
    <a href={href} className="btn btn--secondary btn--lg btn--block">
      <svg className="google-link__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="#4285F4"
          d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
        />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
        <path
          fill="#EA4335"
          d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
        />
      </svg>
      Sign in with Google
    </a>
  );
}
