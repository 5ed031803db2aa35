import { randomUUID } from 'node:crypto';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminUser } from '../../domain/admin-user.entity.js';
import { duplicateAdminUser } from '../../domain/admin-user-errors.js';
import { normalizeEmail } from '../../domain/email-address.js';
import { AddAdminUserCommand } from './add-admin-user.command.js';

@CommandHandler(AddAdminUserCommand)
export class AddAdminUserHandler implements ICommandHandler<AddAdminUserCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ input }: AddAdminUserCommand): Promise<string> {
    const em = this.em.fork();
    const entry = em.create(AdminUser, {
      id: randomUUID(),
      email: normalizeEmail(input.userEmail),
      role: input.userRole,
    });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw duplicateAdminUser();
      throw error;
    }
    return entry.id;
  }
}
