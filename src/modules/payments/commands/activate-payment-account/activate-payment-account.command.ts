import { Command } from '@nestjs/cqrs';
import type { PaymentAccount } from '../../../../contracts/payments.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin makes a stored PayPal e-mail the one payments go to (the one active before no longer is). */
export class ActivatePaymentAccountCommand extends Command<PaymentAccount> {
  constructor(
    readonly accountId: string,
    /** The admin, from the session: kept on the account and in the audit log. */
    readonly actor: AuditActor,
  ) {
    super();
  }
}
