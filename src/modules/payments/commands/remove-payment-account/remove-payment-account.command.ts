import { Command } from '@nestjs/cqrs';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin removes a PayPal e-mail payments do not go to (never the active one). */
export class RemovePaymentAccountCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    /** The admin, from the session: recorded in the audit log. */
    readonly actor: AuditActor,
  ) {
    super();
  }
}
