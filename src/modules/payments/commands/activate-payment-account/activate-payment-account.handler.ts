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
import { ActivatePaymentAccountCommand } from './activate-payment-account.command.js';

/**
 * Switches the receiving e-mail: the chosen one becomes active and the one active before stops being
 * so, in one transaction with its audit entry. Making the active one active again changes nothing (and
 * writes no entry).
 */
@CommandHandler(ActivatePaymentAccountCommand)
export class ActivatePaymentAccountHandler implements ICommandHandler<ActivatePaymentAccountCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ accountId, actor }: ActivatePaymentAccountCommand): Promise<PaymentAccountView> {
    const id = requireAccountId(accountId);
    return this.em.fork().transactional(async (em) => {
      await em.execute(LOCK_PAYMENT_ACCOUNTS_SQL);
      const account = await em.findOne(PaymentAccount, { id });
      if (!account) throw paymentAccountNotFound();
      if (account.active) return toAccountView(account);
      const previous = await em.findOne(PaymentAccount, { active: true });
      const now = new Date();
      if (previous) {
        previous.active = false;
        previous.updatedBy = actor.email;
        previous.updatedAt = now;
        // Written before the new one is set active: the partial unique index allows one at a time.
        await em.flush();
      }
      account.active = true;
      account.updatedBy = actor.email;
      account.updatedAt = now;
      recordAudit(em, actor, {
        kind: 'payment-account.activated',
        targetType: 'payment-account',
        targetId: account.id,
        summary: `Payments now go to ${account.paypalEmail}${previous ? ` (was ${previous.paypalEmail})` : ''}`,
        before: { activePaypalEmail: previous?.paypalEmail ?? null },
        after: { activePaypalEmail: account.paypalEmail },
      });
      await em.flush();
      return toAccountView(account);
    });
  }
}
