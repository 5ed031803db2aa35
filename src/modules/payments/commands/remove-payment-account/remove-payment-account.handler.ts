import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PAYMENT_TEXTS } from '../../../../contracts/payments.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { PaymentAccount } from '../../domain/payment-account.entity.js';
import { paymentAccountNotFound, requireAccountId } from '../../domain/payment-account.view.js';
import { LOCK_PAYMENT_ACCOUNTS_SQL } from '../../domain/payment-accounts.js';
import { RemovePaymentAccountCommand } from './remove-payment-account.command.js';

/**
 * Removes a receiving e-mail, with its audit entry. The active one is refused (409): customers' payments
 * would have nowhere to go, or a checkout under way would stop matching; another is made active first.
 */
@CommandHandler(RemovePaymentAccountCommand)
export class RemovePaymentAccountHandler implements ICommandHandler<RemovePaymentAccountCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ accountId, actor }: RemovePaymentAccountCommand): Promise<void> {
    const id = requireAccountId(accountId);
    await this.em.fork().transactional(async (em) => {
      await em.execute(LOCK_PAYMENT_ACCOUNTS_SQL);
      const account = await em.findOne(PaymentAccount, { id });
      if (!account) throw paymentAccountNotFound();
      if (account.active) throw new ConflictException(PAYMENT_TEXTS.activeAccountKept);
      em.remove(account);
      recordAudit(em, actor, {
        kind: 'payment-account.removed',
        targetType: 'payment-account',
        targetId: account.id,
        summary: `Payment e-mail ${account.paypalEmail} removed`,
        before: { paypalEmail: account.paypalEmail, active: false },
      });
    });
  }
}
