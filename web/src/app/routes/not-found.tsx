import { QUEUE_DASHBOARD_PATH } from '@contracts/queue-dashboard';
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { LinkButton } from '../../components/ui/button';
import { Container, Page, PageLoading, Section } from '../../components/ui/page';
import { ApiError } from '../../lib/api-client';
import './routes.css';

/**
 * Whether a request failed because what it named does not exist (404): an editor whose id names no
 * record shows `NotFoundRoute`, as an unknown address does, rather than its own screen.
 */
export const isNotFoundError = (error: unknown): boolean =>
  error instanceof ApiError && error.statusCode === 404;

/** The server's own pages under the site's paths (Bull Board): no route of the app renders them. */
const SERVER_PAGES = [QUEUE_DASHBOARD_PATH];

/** How a server page is loaded: a full page load in place of the app's (tests replace it). */
export const serverPageLoader = { load: (path: string) => window.location.replace(path) };

const isServerPage = (pathname: string) => {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return SERVER_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
};

/**
 * The not-found page: for an unknown address, and for an admin editor whose id names no record.
 * The app reaching one of the server's pages (the login page going on to `?next=/admin/queues`)
 * loads it from the server instead; a page the server sent itself (the first load, Back) is not
 * loaded again, so an answer of the app's at such a path can never reload in a loop.
 */
export function NotFoundRoute() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const serverPage = navigationType !== 'POP' && isServerPage(location.pathname);
  const target = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (serverPage) serverPageLoader.load(target);
  }, [serverPage, target]);

  if (serverPage) return <PageLoading />;
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
