import { Command } from '@nestjs/cqrs';
import type { AcceptInvitation } from '../../../../contracts/identity.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';
import type { ClientInfo } from '../../sessions/session-store.js';

/** An admin sends an admin user a new invitation link; the previous one stops working. */
export class ResendInvitationCommand extends Command<void> {
  constructor(
    readonly actor: AuditActor,
    readonly adminUserId: string,
  ) {
    super();
  }
}

/** An admin withdraws an admin user's pending invitation link. */
export class RevokeInvitationCommand extends Command<void> {
  constructor(
    readonly actor: AuditActor,
    readonly adminUserId: string,
  ) {
    super();
  }
}

/** The invitee sets their password from the link; resolves with the new session's cookie token. */
export class AcceptInvitationCommand extends Command<string> {
  constructor(
    readonly input: AcceptInvitation,
    readonly client: ClientInfo & { ip: string },
  ) {
    super();
  }
}
