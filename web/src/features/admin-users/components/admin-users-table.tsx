import { ADMIN_USER_MESSAGES, type AdminUser } from '@contracts/identity';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { SkeletonTable } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAdminUsers } from '../api/get-admin-users';
import { useRemoveAdminUser } from '../api/remove-admin-user';
import { INVITATION_STATUS } from './invitation-controls';
import './admin-users.css';
import { DataTable, DataTableHead } from '../../../components/ui/table';
import { EmailAddress } from '../../../components/ui/email-address';

const ACCOUNT_STATUS: Record<AdminUser['accountStatus'], { label: string; tone: BadgeTone }> = {
  verified: { label: 'Verified', tone: 'success' },
  unverified: { label: 'Not verified', tone: 'warning' },
  'no-account': { label: 'No account yet', tone: 'neutral' },
};

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export interface AdminUsersTableProps {
  /** The signed-in admin's e-mail: their own row offers no Remove (the server refuses it too). */
  currentEmail: string;
}

/** The admin users (GET /api/admin/users), each with Edit and Remove. */
export function AdminUsersTable({ currentEmail }: AdminUsersTableProps) {
  const users = useAdminUsers();
  const removal = useRemoveAdminUser();
  const { confirm, dialog } = useConfirm();

  const remove = async (user: AdminUser) => {
    const confirmed = await confirm({
      title: `Remove ${user.userEmail} from the admin users?`,
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    removal.mutate(user.id, {
      onSuccess: () => toast.success(ADMIN_USER_MESSAGES.removed),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  if (users.isPending)
    return <SkeletonTable label="Loading the admin users" rows={3} columns={4} />;
  if (users.isError) {
    return <QueryErrorAlert query={users} />;
  }
  if (users.data.length === 0) return <p className="admin-users__empty">No admin users yet.</p>;

  return (
    <>
      {dialog}
      <DataTable>
        <caption className="visually-hidden">Admin users</caption>
        <DataTableHead columns={['Email', 'Role', 'Account']} actions="Actions" />
        <tbody role="rowgroup">
          {users.data.map((user) => {
            // An account waiting for its invitation says so rather than "Not verified".
            const status =
              user.invitation?.status === 'pending'
                ? INVITATION_STATUS.pending
                : ACCOUNT_STATUS[user.accountStatus];
            const isSelf = sameEmail(user.userEmail, currentEmail);
            const isRemoving = removal.isPending && removal.variables === user.id;
            return (
              <tr key={user.id} role="row">
                <td className="data-table__token admin-users__email" role="cell" data-label="Email">
                  <EmailAddress email={user.userEmail} />
                </td>
                <td role="cell" data-label="Role">
                  {user.userRole}
                </td>
                <td role="cell" data-label="Account">
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td role="cell">
                  <div className="admin-users__actions">
                    <Link to={`/admin-user/${user.id}`} className="btn btn--ghost btn--md">
                      Edit
                    </Link>
                    {isSelf ? (
                      <span className="admin-users__self">This is you</span>
                    ) : (
                      <Button
                        variant="secondary"
                        className="admin-users__remove"
                        onClick={() => void remove(user)}
                        isLoading={isRemoving}
                        disabled={removal.isPending}
                      >
                        Remove
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </>
  );
}
