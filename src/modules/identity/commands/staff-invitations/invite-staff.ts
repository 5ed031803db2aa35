import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import type { DomainEvent } from '../../../../platform/outbox/domain-event.js';
import { StaffInvited } from '../../domain/identity.events.js';

/**
 * Records an invitation in the audit log and returns the event whose job issues the link and mails
 * it (the token is made in that job's transaction, so no secret waits in the outbox).
 */
export function inviteStaff(
  em: EntityManager,
  actor: AuditActor,
  entry: { id: string; email: string },
  account: { id: string },
): DomainEvent[] {
  recordAudit(em, actor, {
    kind: 'admin-user.invited',
    targetType: 'admin-user',
    targetId: entry.id,
    summary: `Invitation e-mailed to ${entry.email}`,
  });
  return [new StaffInvited({ accountId: account.id, email: entry.email })];
}

/** Stops every invitation link of an account that still works; resolves with how many. */
export async function revokePendingInvitations(
  em: EntityManager,
  accountId: string,
): Promise<number> {
  const result = await em.getConnection().execute<{ affectedRows: number }>(
    `update account_token set revoked_at = now()
      where account_id = ? and purpose = 'invitation'
        and used_at is null and revoked_at is null and expires_at > now()`,
    [accountId],
    'run',
    em.getTransactionContext(),
  );
  return result.affectedRows;
}
