import { Command } from '@nestjs/cqrs';
import type { PaymentAccount, SavePaymentAccount } from '../../../../contracts/payments.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** An admin adds a PayPal receiving e-mail (`accountId` null) or changes one; who did it is kept. */
export class SavePaymentAccountCommand extends Command<PaymentAccount> {
  constructor(
    readonly accountId: string | null,
    readonly input: SavePaymentAccount,
    /** The admin, from the session: kept on the account and in the audit log. */
    readonly actor: AuditActor,
  ) {
    super();
  }
}
