import { CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN, NEWSLETTER_MESSAGES } from '@contracts/newsletter';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { LinkButton } from '../../components/ui/button';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { SubscriptionLink } from '../../features/newsletter/components/subscription-link';
import './auth-pages.css';

/**
 * `/newsletter/unsubscribe?token=…`: the unsubscribe link of every newsletter e-mail. Opening it
 * changes nothing; the visitor confirms with a button. The link of a campaign's test e-mail (or its
 * preview) says at once that it unsubscribes nobody.
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
            {token === CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN ? (
              <div className="newsletter-result">
                <Alert tone="info">{NEWSLETTER_MESSAGES.testSend}</Alert>
                <div>
                  <LinkButton to="/">Go to the home page</LinkButton>
                </div>
              </div>
            ) : (
              <SubscriptionLink key={token} action="unsubscribe" token={token} />
            )}
          </div>
        </Container>
      </Section>
    </Page>
  );
}
