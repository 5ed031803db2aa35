import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentAccount as PaymentAccountView } from '../../../../contracts/payments.js';
import { PaymentAccount } from '../../domain/payment-account.entity.js';
import {
  paymentAccountNotFound,
  requireAccountId,
  toAccountView,
} from '../../domain/payment-account.view.js';
import { SavePaymentAccountCommand } from './save-payment-account.command.js';

@CommandHandler(SavePaymentAccountCommand)
export class SavePaymentAccountHandler implements ICommandHandler<SavePaymentAccountCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({
    accountId,
    input,
    changedBy,
  }: SavePaymentAccountCommand): Promise<PaymentAccountView> {
    const em = this.em.fork();
    const now = new Date();
    let account: PaymentAccount | null;
    if (accountId === null) {
      account = em.create(PaymentAccount, {
        id: randomUUID(),
        paypalEmail: input.paypalEmail,
        updatedBy: changedBy,
        createdAt: now,
        updatedAt: now,
      });
    } else {
      account = await em.findOne(PaymentAccount, { id: requireAccountId(accountId) });
      if (!account) throw paymentAccountNotFound();
      account.paypalEmail = input.paypalEmail;
      account.updatedBy = changedBy;
      account.updatedAt = now;
    }
    await em.flush();
    return toAccountView(account);
  }
}
