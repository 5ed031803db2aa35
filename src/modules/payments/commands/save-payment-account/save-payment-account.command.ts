import { Command } from '@nestjs/cqrs';
import type { PaymentAccount, SavePaymentAccount } from '../../../../contracts/payments.js';

/** An admin adds a PayPal receiving e-mail (`accountId` null) or changes one; who did it is kept. */
export class SavePaymentAccountCommand extends Command<PaymentAccount> {
  constructor(
    readonly accountId: string | null,
    readonly input: SavePaymentAccount,
    /** The admin's e-mail, from the session. */
    readonly changedBy: string,
  ) {
    super();
  }
}
