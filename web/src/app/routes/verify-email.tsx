import { useSearchParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { EmailVerification } from '../../features/auth/components/email-verification';
import './auth-pages.css';

/** `/verify-email?token=…`: the link of the verification e-mail. */
export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  return (
    <Page title="E-mail verification">
      <PageHeader eyebrow="Your account" title="E-mail verification" />
      <Section className="auth-section">
        <Container>
          <div className="card auth-card">
            <EmailVerification key={token} token={token} />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
