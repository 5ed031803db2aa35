import { useSession } from '../../features/auth/api/get-session';
import { RequireAdmin, RequireAuth } from '../../features/auth/components/require-auth';
import { AdminFrame } from './admin-frame';
import { AdminLayout } from './admin-layout';
import { SiteShell } from './site-shell';

/**
 * The layout route of the admin screens. An admin gets the admin shell; everyone else the public
 * site's, with the guards' answer: a signed-out visitor goes to /login (and back), a signed-in one
 * who is not an admin sees 'You don't have any permission'. The screens are never rendered (and
 * their data never asked for) for anyone but an admin.
 */
export function AdminArea() {
  const session = useSession();
  const account = session.data?.account;
  if (account?.isAdmin) return <AdminLayout email={account.email} />;
  if (session.isPending) return <AdminFrame />;
  return (
    <SiteShell>
      <RequireAuth>
        <RequireAdmin />
      </RequireAuth>
    </SiteShell>
  );
}
