import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { AdminUser } from '../../domain/admin-user.entity.js';
import { flushAdminUser } from '../../domain/admin-user-errors.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { AddAdminUserCommand } from './add-admin-user.command.js';

@CommandHandler(AddAdminUserCommand)
export class AddAdminUserHandler implements ICommandHandler<AddAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ input, actor }: AddAdminUserCommand): Promise<string> {
    const em = this.em.fork();
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
    await flushAdminUser(em);
    return entry.id;
  }
}
