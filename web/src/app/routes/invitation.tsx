import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AcceptInvitationForm } from '../../features/auth/components/accept-invitation-form';
import './auth-pages.css';

/** `/invitation/:token` (the e-mailed invitation link): the invitee chooses their password. */
export function InvitationRoute() {
  const { token = '' } = useParams();
  return (
    <Page title="Accept your invitation">
      <PageHeader eyebrow="Admin area" title="Accept your invitation" />
      <Section className="auth-section">
        <Container>
          <div className="card auth-card">
            <AcceptInvitationForm key={token} token={token} />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
