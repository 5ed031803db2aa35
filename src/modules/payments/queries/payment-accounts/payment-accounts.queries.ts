import { Query } from '@nestjs/cqrs';
import type { PaymentAccount } from '../../../../contracts/payments.js';

/** The PayPal receiving e-mails, oldest first (the active one receives the payments). */
export class ListPaymentAccountsQuery extends Query<PaymentAccount[]> {}

/** One PayPal receiving e-mail; 404 when there is none with this id. */
export class GetPaymentAccountQuery extends Query<PaymentAccount> {
  constructor(readonly accountId: string) {
    super();
  }
}
