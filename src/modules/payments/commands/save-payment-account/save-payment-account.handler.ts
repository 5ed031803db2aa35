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
import { LOCK_PAYMENT_ACCOUNTS_SQL } from '../../domain/payment-accounts.js';
import { SavePaymentAccountCommand } from './save-payment-account.command.js';

@CommandHandler(SavePaymentAccountCommand)
export class SavePaymentAccountHandler implements ICommandHandler<SavePaymentAccountCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({
    accountId,
    input,
    actor,
  }: SavePaymentAccountCommand): Promise<PaymentAccountView> {
    const now = new Date();
    const changedBy = actor.email;
    // One transaction: the account and its audit entry commit together.
    return this.em.fork().transactional(async (em) => {
      let account: PaymentAccount | null;
      let before: { paypalEmail: string } | null = null;
      if (accountId === null) {
        await em.execute(LOCK_PAYMENT_ACCOUNTS_SQL);
        // The first e-mail stored (or the first since none is active) receives the payments at once;
        // a later one waits until an admin makes it the active one.
        const active = (await em.count(PaymentAccount, { active: true })) === 0;
        account = em.create(PaymentAccount, {
          id: randomUUID(),
          paypalEmail: input.paypalEmail,
          active,
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
          : `Payment e-mail ${account.paypalEmail} added${account.active ? ' (active)' : ''}`,
        before,
        after: { paypalEmail: account.paypalEmail },
      });
      await em.flush();
      return toAccountView(account);
    });
  }
}
