import { useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { useSession } from '../../features/auth/api/get-session';
import { googleSignInErrorMessage } from '../../features/auth/components/google-sign-in';
import { LoginForm } from '../../features/auth/components/login-form';
import {
  DEFAULT_SIGNED_IN_PATH,
  intendedPath,
} from '../../features/auth/components/redirect-target';
import { useHydrated } from '../../lib/use-hydrated';
import './auth-pages.css';

/**
 * `/login` (inside `GuestOnly`, which moves a signed-in visitor on, to where they were going: the
 * guard's saved page or `?next=`).
 */
export function LoginRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { data: session } = useSession();
  const googleError = googleSignInErrorMessage(searchParams.get('error'));
  // The server renders /login without its `next` (one page for all): the links carry it once hydrated.
  const hydrated = useHydrated();
  const next = hydrated ? intendedPath(location.state, searchParams) : undefined;

  return (
    <Page title="Login">
      <PageHeader eyebrow="Welcome back" title="Login">
        <p>Enter your e-mail address and password to reach your account.</p>
      </PageHeader>
      <Section className="auth-section">
        <Container>
          <div className="card auth-card">
            {googleError && (
              <div className="auth-card__notice">
                <Alert tone="error">{googleError}</Alert>
              </div>
            )}
            <LoginForm
              googleSignIn={session?.googleSignIn ?? false}
              returnTo={next ?? DEFAULT_SIGNED_IN_PATH}
              next={next}
              twoFactorChallenge={searchParams.get('challenge')}
            />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
