import { useSearchParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { SubscriptionLink } from '../../features/newsletter/components/subscription-link';
import './auth-pages.css';

/**
 * `/newsletter/unsubscribe?token=…`: the unsubscribe link of every newsletter e-mail. Opening it
 * changes nothing; the visitor confirms with a button.
 */
export function NewsletterUnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  return (
    <Page title="Unsubscribe from the newsletter">
      <PageHeader eyebrow="Newsletter" title="Unsubscribe" />
      <Section className="auth-section">
        <Container>
          <div className="card newsletter-card">
            <SubscriptionLink key={token} action="unsubscribe" token={token} />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
