import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../../components/ui/page';
import { useSession } from '../api/get-session';
import { DEFAULT_SIGNED_IN_PATH, intendedPath } from './redirect-target';

/**
 * Layout route for the login and register pages: a signed-in visitor is sent on, to the page they
 * were going to (the guard's saved page or `?next=`) or to the dashboard. This is also how a
 * successful login leaves.
 */
export function GuestOnly() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const session = useSession();

  if (session.isPending) return <PageLoading />;
  if (session.data?.account) {
    return (
      <Navigate to={intendedPath(location.state, searchParams) ?? DEFAULT_SIGNED_IN_PATH} replace />
    );
  }
  return <Outlet />;
}
