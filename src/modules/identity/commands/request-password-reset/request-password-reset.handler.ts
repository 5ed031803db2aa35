import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Account } from '../../domain/account.entity.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { PasswordResetRequested } from '../../domain/identity.events.js';
import { LoginThrottle } from '../../domain/login-throttle.js';
import { RequestPasswordResetCommand } from './request-password-reset.command.js';

/**
 * Has a reset link sent when the e-mail has an account; does nothing otherwise. The caller's answer is
 * the same either way. Login throttling does not apply: the owner can always get back in.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute(command: RequestPasswordResetCommand): Promise<void> {
    const email = normalizeEmail(command.email);
    if (!(await this.throttle.consumeResetRequest(email, command.ip))) return;
    const em = this.em.fork();
    const account = await em.findOne(Account, { email }, { fields: ['id'] });
    if (!account) return;
    await this.outbox.commit(em, [new PasswordResetRequested({ accountId: account.id, email })]);
  }
}
