import { LinkButton } from '../../components/ui/button';
import { Container, Page, Section } from '../../components/ui/page';
import './routes.css';

export function ThanksRoute() {
  return (
    <Page title="Thank You">
      <Section className="status-page">
        <Container narrow>
          <div className="card status-card">
            <span className="status-card__icon status-card__icon--success" aria-hidden="true">
              <svg viewBox="0 0 24 24" focusable="false">
                <path
                  d="M5 12.5l4.5 4.5L19 7.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <h1 className="status-card__title">Thank You !</h1>
            <p className="status-card__text">
              We have received your message and will get back to you as soon as possible.
            </p>
            <LinkButton to="/" size="lg">
              Back Home
            </LinkButton>
          </div>
        </Container>
      </Section>
    </Page>
  );
}
