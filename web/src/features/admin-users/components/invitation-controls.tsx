import { type AdminUser, type InvitationStatus } from '@contracts/identity';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useInvitationAction } from '../api/invitations';
import './invitation-controls.css';

/** How an invitation's state reads on the admin user screens. */
export const INVITATION_STATUS: Record<InvitationStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Invitation sent', tone: 'warning' },
  accepted: { label: 'Invitation accepted', tone: 'success' },
  revoked: { label: 'Invitation withdrawn', tone: 'neutral' },
  expired: { label: 'Invitation expired', tone: 'neutral' },
};

/**
 * An admin user's invitation on their screen: its state, and "Resend" (a new link; the old one stops)
 * or "Withdraw" while it is pending. Nothing for an account that already signs in.
 */
export function InvitationControls({ user }: { user: AdminUser }) {
  const resend = useInvitationAction(user.id, 'resend');
  const revoke = useInvitationAction(user.id, 'revoke');
  const invitation = user.invitation;
  if (user.accountStatus === 'verified' && invitation?.status !== 'pending') return null;

  const run = (mutation: typeof resend, done: string) =>
    mutation.mutate(undefined, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <section className="admin-section__invitation" aria-label="Invitation">
      {invitation && (
        <p>
          <Badge tone={INVITATION_STATUS[invitation.status].tone}>
            {INVITATION_STATUS[invitation.status].label}
          </Badge>
          {invitation.status === 'pending' && (
            <> — the link works until {new Date(invitation.expiresAt).toLocaleString()}.</>
          )}
        </p>
      )}
      <div className="admin-users__actions">
        <Button
          variant="secondary"
          onClick={() => run(resend, 'Invitation sent')}
          isLoading={resend.isPending}
        >
          {invitation ? 'Resend invitation' : 'Send invitation'}
        </Button>
        {invitation?.status === 'pending' && (
          <Button
            variant="secondary"
            onClick={() => run(revoke, 'Invitation withdrawn')}
            isLoading={revoke.isPending}
          >
            Withdraw invitation
          </Button>
        )}
      </div>
    </section>
  );
}
