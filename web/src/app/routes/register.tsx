import { useLocation, useSearchParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { intendedPath } from '../../features/auth/components/redirect-target';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useHydrated } from '../../lib/use-hydrated';
import './auth-pages.css';

/**
 * `/register` (inside `GuestOnly`, which moves a signed-in visitor on). `?next=` (from the login
 * page's Sign Up link) is where the visitor was going: the verification e-mail's link carries it on.
 */
export function RegisterRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // The server renders /register without its `next` (one page for all): the form takes it once hydrated.
  const hydrated = useHydrated();
  const next = hydrated ? intendedPath(location.state, searchParams) : undefined;
  return (
    <Page title="Register">
      <PageHeader eyebrow="Create your account" title="Register">
        <p>
          Register with your e-mail address. We will send you a link to verify it before you log in.
        </p>
      </PageHeader>
      <Section className="auth-section">
        <Container>
          <div className="card auth-card">
            <RegisterForm next={next} />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
