import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../../../components/ui/page';
import { useSession } from '../api/get-session';
import { DEFAULT_SIGNED_IN_PATH, savedFromPath } from './redirect-target';

/**
 * Layout route for the login and register pages: a signed-in visitor is sent on, to the page the
 * login-required guard saved or to the dashboard. This is also how a successful login leaves.
 */
export function GuestOnly() {
  const location = useLocation();
  const session = useSession();

  if (session.isPending) return <PageLoading />;
  if (session.data?.account) {
    return <Navigate to={savedFromPath(location.state) ?? DEFAULT_SIGNED_IN_PATH} replace />;
  }
  return <Outlet />;
}
