import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button, LinkButton } from '../../components/ui/button';
import { Container, Page, Section } from '../../components/ui/page';
import './routes.css';

/** What `RouteError` shows (route-error.tsx). */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  const text = notFound
    ? 'Sorry, we could not find the page you were looking for.'
    : 'This page could not be displayed. Reloading usually fixes it; if it does not, please try again later.';

  return (
    <Page title={title}>
      <Section className="status-page">
        <Container narrow>
          <div className="status-card status-card--plain" role="alert">
            <h1 className="status-card__title">{title}</h1>
            <p className="status-card__text">{text}</p>
            <div className="status-card__actions">
              {!notFound && (
                <Button size="lg" onClick={() => window.location.reload()}>
                  Reload the page
                </Button>
              )}
              <LinkButton to="/" size="lg" variant={notFound ? 'primary' : 'secondary'}>
                Go to the home page
              </LinkButton>
            </div>
          </div>
        </Container>
      </Section>
    </Page>
  );
}
