import { AUTH_MESSAGES } from '@contracts/identity';
import { type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Button, LinkButton } from '../../../components/ui/button';
import { Container, Page, PageLoading, Section } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../api/get-session';
import './require-auth.css';

/**
 * Layout route around every page that needs a signed-in visitor (or around `children`). A signed-out
 * visitor is sent to the login page, which brings them back here (`state.from`) once signed in.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const session = useSession();

  const account = session.data?.account;
  if (session.isPending) return <PageLoading />;
  // A failed refresh keeps the last known session; only a first load that failed lands here.
  if (!session.data) {
    return (
      <Page title="Something went wrong">
        <Section className="status-page">
          <Container narrow>
            <div className="status-card" role="alert">
              <h1 className="guard-title">We could not check your session</h1>
              <p className="guard-text">{errorMessage(session.error)}</p>
              <Button onClick={() => void session.refetch()} isLoading={session.isFetching}>
                Try again
              </Button>
            </div>
          </Container>
        </Section>
      </Page>
    );
  }
  if (!account) return <Navigate to="/login" replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

/**
 * Layout route, inside `RequireAuth`, around admin pages. A signed-in visitor who is not staff sees
 * why; the admin pages (and their data requests) are never rendered for them.
 */
export function RequireAdmin() {
  const { data } = useSession();
  const account = data?.account;
  // `RequireAuth` above handles the signed-out case.
  if (!account) return null;
  // REQUIRE_ADMIN_2FA: the admin area waits until the admin has set up two-factor sign-in.
  if (account.isAdmin && account.twoFactorRequired) {
    return <Navigate to="/dashboard#two-factor" replace />;
  }
  if (account.role !== 'customer') return <Outlet />;

  return (
    <Page title="No permission">
      <Section className="status-page">
        <Container narrow>
          <div className="status-card">
            <h1 className="guard-title">{AUTH_MESSAGES.noPermission}</h1>
            {account.emailVerified ? (
              <p className="guard-text">This page is for the site&apos;s admin users.</p>
            ) : (
              <p className="guard-text">
                Admin rights need a verified e-mail address. Open the link in the verification
                e-mail we sent you, or ask for a new one from your dashboard.
              </p>
            )}
            <LinkButton to="/dashboard" variant="secondary">
              Go to your dashboard
            </LinkButton>
          </div>
        </Container>
      </Section>
    </Page>
  );
}

/**
 * What a staff account sees on an admin screen its role may not use (the API would answer 403): the
 * screen is not rendered; the settings hub lists the screens it may use.
 */
export function ScreenForbidden() {
  return (
    <div className="status-card" role="alert">
      <h1 className="guard-title">403: {AUTH_MESSAGES.noPermission}</h1>
      <p className="guard-text">This screen is not part of your role.</p>
      <LinkButton to="/setting" variant="secondary">
        Screens you can use
      </LinkButton>
    </div>
  );
}
