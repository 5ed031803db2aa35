import { LinkButton } from '../../components/ui/button';
import { Container, Page, Section } from '../../components/ui/page';
import { ApiError } from '../../lib/api-client';
import './routes.css';

/**
 * Whether a request failed because what it named does not exist (404): an editor whose id names no
 * record shows `NotFoundRoute`, as an unknown address does, rather than its own screen.
 */
export const isNotFoundError = (error: unknown): boolean =>
  error instanceof ApiError && error.statusCode === 404;

/** The not-found page: for an unknown address, and for an admin editor whose id names no record. */
export function NotFoundRoute() {
  return (
    <Page title="Page not found">
      <Section className="status-page">
        <Container narrow>
          <div className="status-card status-card--plain">
            <p className="status-card__code" aria-hidden="true">
              404
            </p>
            <h1 className="status-card__title">Page not found</h1>
            <p className="status-card__text">
              Sorry, we could not find the page you were looking for. It may have been moved, or the
              address may be mistyped.
            </p>
            <div className="status-card__actions">
              <LinkButton to="/" size="lg">
                Go to the home page
              </LinkButton>
              <LinkButton to="/contact" size="lg" variant="secondary">
                Contact us
              </LinkButton>
            </div>
          </div>
        </Container>
      </Section>
    </Page>
  );
}
