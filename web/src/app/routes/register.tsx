import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { RegisterForm } from '../../features/auth/components/register-form';
import './auth-pages.css';

/** `/register` (inside `GuestOnly`, which moves a signed-in visitor on). */
export function RegisterRoute() {
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
            <RegisterForm />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
