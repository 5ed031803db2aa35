import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Account } from '../../domain/account.entity.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import { flushAdminUser } from '../../domain/admin-user-errors.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { hashPassword } from '../../domain/password-hasher.js';
import { assertPasswordAllowed } from '../../domain/password-policy.js';
import { inviteStaff } from '../staff-invitations/invite-staff.js';
import { AddAdminUserCommand } from './add-admin-user.command.js';

@CommandHandler(AddAdminUserCommand)
export class AddAdminUserHandler implements ICommandHandler<AddAdminUserCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ input, actor }: AddAdminUserCommand): Promise<string> {
    const password = input.accountSetup === 'password' ? input.password : undefined;
    if (password !== undefined) assertPasswordAllowed(password, 'password');
    const passwordHash = password === undefined ? null : await hashPassword(password);
    return this.em.fork().transactional(async (em) => {
      const entry = em.create(AdminUser, {
        id: randomUUID(),
        email: normalizeEmail(input.userEmail),
        role: input.userRole,
      });
      recordAudit(em, actor, {
        kind: 'admin-user.added',
        targetType: 'admin-user',
        targetId: entry.id,
        summary: `${entry.email} added as ${entry.role}`,
        after: { email: entry.email, role: entry.role },
      });
      // An existing account keeps its password (or Google sign-in): it needs no invitation.
      const account =
        (await em.findOne(Account, { email: entry.email })) ??
        em.create(Account, {
          id: randomUUID(),
          email: entry.email,
          passwordHash,
          // The admin vouches for an address they set a password for; an invitee proves it.
          emailVerifiedAt: passwordHash ? new Date() : null,
          googleSub: null,
          totpSecret: null,
          totpEnabledAt: null,
        });
      await flushAdminUser(em);
      const invite =
        input.accountSetup === 'invitation' && !account.passwordHash && !account.googleSub;
      await this.outbox.commit(em, invite ? inviteStaff(em, actor, entry, account) : []);
      return entry.id;
    });
  }
}
