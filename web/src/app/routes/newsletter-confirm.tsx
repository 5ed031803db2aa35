import { useSearchParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { SubscriptionLink } from '../../features/newsletter/components/subscription-link';
import './auth-pages.css';

/** `/newsletter/confirm?token=…`: the link of the newsletter confirmation e-mail. */
export function NewsletterConfirmRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  return (
    <Page title="Newsletter subscription">
      <PageHeader eyebrow="Newsletter" title="Confirm your subscription" />
      <Section className="auth-section">
        <Container>
          <div className="card newsletter-card">
            <SubscriptionLink key={token} action="confirm" token={token} />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
