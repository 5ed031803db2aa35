import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PaymentAccount as PaymentAccountView } from '../../../../contracts/payments.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
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
    actor,
  }: SavePaymentAccountCommand): Promise<PaymentAccountView> {
    const em = this.em.fork();
    const now = new Date();
    const changedBy = actor.email;
    let account: PaymentAccount | null;
    let before: { paypalEmail: string } | null = null;
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
      before = { paypalEmail: account.paypalEmail };
      account.paypalEmail = input.paypalEmail;
      account.updatedBy = changedBy;
      account.updatedAt = now;
    }
    recordAudit(em, actor, {
      kind: 'payment-account.saved',
      targetType: 'payment-account',
      targetId: account.id,
      summary: before
        ? `Payment e-mail changed to ${account.paypalEmail}`
        : `Payment e-mail ${account.paypalEmail} added`,
      before,
      after: { paypalEmail: account.paypalEmail },
    });
    // One flush: the account and its audit entry commit together.
    await em.flush();
    return toAccountView(account);
  }
}
