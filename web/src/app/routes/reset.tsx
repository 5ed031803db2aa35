import { useSearchParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { RequestResetForm } from '../../features/auth/components/request-reset-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import './auth-pages.css';

/** `/reset`: ask for a reset link; `/reset?token=…` (the e-mailed link): choose the new password. */
export function ResetRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const title = token === null ? 'Forgot password' : 'Choose a new password';

  return (
    <Page title={title}>
      <PageHeader eyebrow="Password" title={title} />
      <Section className="auth-section">
        <Container>
          <div className="card auth-card">
            {token === null ? (
              <RequestResetForm />
            ) : (
              <ResetPasswordForm key={token} token={token} />
            )}
          </div>
        </Container>
      </Section>
    </Page>
  );
}
