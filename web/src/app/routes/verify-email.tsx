import { useSearchParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { EmailVerification } from '../../features/auth/components/email-verification';
import { safeNextPath } from '../../features/auth/components/redirect-target';
import './auth-pages.css';

/**
 * `/verify-email?token=…[&next=/path]`: the link of the verification e-mail; `next` is where the
 * visitor was going when they registered (checked again here).
 */
export function VerifyEmailRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const next = safeNextPath(searchParams.get('next'));

  return (
    <Page title="E-mail verification">
      <PageHeader eyebrow="Your account" title="E-mail verification" />
      <Section className="auth-section">
        <Container>
          <div className="card auth-card">
            <EmailVerification key={token} token={token} next={next} />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
