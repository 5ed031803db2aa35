import { useSession } from '../../features/auth/api/get-session';
import { RequireAdmin, RequireAuth } from '../../features/auth/components/require-auth';
import { AdminFrame } from './admin-frame';
import { AdminLayout } from './admin-layout';
import { SiteShell } from './site-shell';

/**
 * The layout route of the admin screens. Staff (admin, editor, support) get the admin shell, which
 * shows a screen only to the roles it names; everyone else the public site's, with the guards'
 * answer: a signed-out visitor goes to /login (and back), a signed-in one who is not staff sees
 * 'You don't have any permission'. The screens are never rendered (and their data never asked for)
 * for anyone the screen is not for.
 */
export function AdminArea() {
  const session = useSession();
  const account = session.data?.account;
  if (account && account.role !== 'customer') {
    return <AdminLayout email={account.email} role={account.role} />;
  }
  if (session.isPending) return <AdminFrame />;
  return (
    <SiteShell>
      <RequireAuth>
        <RequireAdmin />
      </RequireAuth>
    </SiteShell>
  );
}
