import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import {
  adminUserNotFound,
  flushAdminUser,
  ownAdminUser,
  requireAdminUserId,
} from '../../domain/admin-user-errors.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { UpdateAdminUserCommand } from './update-admin-user.command.js';

/** Replaces an entry's e-mail and role. Changing your own e-mail away would drop your rights: refused. */
@CommandHandler(UpdateAdminUserCommand)
export class UpdateAdminUserHandler implements ICommandHandler<UpdateAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ actor, id, input }: UpdateAdminUserCommand): Promise<void> {
    const em = this.em.fork();
    const entry = await em.findOne(AdminUser, requireAdminUserId(id));
    if (!entry) throw adminUserNotFound();
    const email = normalizeEmail(input.userEmail);
    if (entry.email === actor.email && email !== entry.email) throw ownAdminUser();
    const before = { email: entry.email, role: entry.role };
    entry.email = email;
    entry.role = input.userRole;
    recordAudit(em, actor, {
      kind: 'admin-user.updated',
      targetType: 'admin-user',
      targetId: entry.id,
      summary: `Admin user ${before.email} edited`,
      before,
      after: { email: entry.email, role: entry.role },
    });
    await flushAdminUser(em);
  }
}
